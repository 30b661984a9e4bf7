/**
 * Money in a free sentence: amounts ("$150k", "150,000", "$1.2M", "1.5 million"), ranges
 * ("between $100k and $250k", "$100k-$250k", "150k to 300k") and bounds ("under $X", "$X or more").
 * Pure: text in, spans out. Amounts are whole dollars.
 */

export type MoneyMeaning = 'investment' | 'netWorth' | 'fee' | 'revenue';

export interface MoneySpan {
  start: number;
  end: number;
  /** The words of the request, comparator included ("under $150k"). */
  text: string;
  min: number | null;
  max: number | null;
  meaning: MoneyMeaning;
}

interface Atom {
  start: number;
  end: number;
  value: number;
  /** Multiplier written after the number (1 when none). */
  unit: number;
  currency: boolean;
  grouped: boolean;
  decimals: boolean;
}

const UNITS: Record<string, number> = {
  k: 1_000,
  thousand: 1_000,
  grand: 1_000,
  m: 1_000_000,
  mm: 1_000_000,
  mil: 1_000_000,
  mill: 1_000_000,
  million: 1_000_000,
  millions: 1_000_000,
  b: 1_000_000_000,
  bn: 1_000_000_000,
  billion: 1_000_000_000,
};

const ATOM =
  /(?<cur>\$|(?:usd|cad|us\$|c\$)\s?)?(?<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?:\s?(?<unit>k|thousand|grand|mm|mil|mill|millions?|m|bn|billion|b)(?![\p{L}\p{N}]))?(?<after>\s?(?:dollars|usd|cad|bucks)(?![\p{L}]))?|(?<word>(?:a\s+)?(?:quarter|half)\s+(?:of\s+)?a\s+million|a\s+million)(?<after2>\s?(?:dollars|usd|cad|bucks)(?![\p{L}]))?/giu;

/** Words after a number that make it a count or a size, not money ("5,000 sq ft", "2 units"). */
const NOT_MONEY_AFTER =
  /^\s*(?:(?:sq|square|ft|feet|foot|units?|locations?|stores?|employees?|staff|people|hours?|hrs?|miles?|mi|km|population|residents|households|years?|yrs?|months?|weeks?|days?|percent|territor(?:y|ies)|members?|clients?|customers?)(?![\p{L}])|%)/iu;

function readAtoms(text: string): Atom[] {
  const atoms: Atom[] = [];
  for (const m of text.matchAll(ATOM)) {
    const g = m.groups ?? {};
    const start = m.index;
    const end = start + m[0].length;
    // A number glued to letters before it (e.g. "E2", "B2B", "covid19") is not an amount.
    if (start > 0 && /[\p{L}]/u.test(text[start - 1] ?? '') && !g.cur) continue;
    if (g.word) {
      const w = g.word.toLowerCase();
      const value = w.includes('quarter') ? 250_000 : w.includes('half') ? 500_000 : 1_000_000;
      atoms.push({
        start,
        end,
        value,
        unit: 1_000_000,
        currency: true,
        grouped: false,
        decimals: false,
      });
      continue;
    }
    const num = g.num ?? '';
    const unit = g.unit ? (UNITS[g.unit.toLowerCase()] ?? 1) : 1;
    atoms.push({
      start,
      end,
      value: Math.round(Number(num.replace(/,/g, '')) * unit),
      unit,
      currency: Boolean(g.cur || g.after),
      grouped: num.includes(','),
      decimals: num.includes('.'),
    });
  }
  return atoms;
}

/** An amount is money when written as money; bare small numbers ("5 units", "2015") are not. */
function isMoney(atom: Atom, text: string): boolean {
  if (atom.currency || atom.unit > 1) return true;
  if (NOT_MONEY_AFTER.test(text.slice(atom.end, atom.end + 20))) return false;
  if (atom.grouped && atom.value >= 1_000) return true;
  return !atom.decimals && atom.value >= 10_000;
}

const RANGE_JOINERS = /^\s*(?:-|–|—|to|and|through|thru|up to)\s*$/i;
const MAX_BEFORE =
  /(?:under|below|beneath|less than|lower than|cheaper than|fewer than|no more than|not more than|not over|not exceeding|no higher than|at most|max(?:imum)?|up to|upto|within|cap(?:ped)? at|capped|sub|budget(?:\s+(?:of|is))?|[<≤]=?|<=)\s*(?:of\s+|a\s+|an\s+|about\s+|around\s+|roughly\s+|approximately\s+)?$/i;
const MIN_BEFORE =
  /(?:over|above|at least|more than|greater than|higher than|min(?:imum)?|starting at|from|north of|in excess of|upwards of|no less than|not less than|exceeding|beyond|[>≥]=?)\s*(?:of\s+)?$/i;
const APPROX_BEFORE =
  /(?:around|about|approximately|approx\.?|roughly|circa|ballpark(?:\s+of)?|close to|in the range of|somewhere around|near|~)\s*$/i;
const RANGE_START = /(?:between|from|in the range of|range of)\s*$/i;
const MAX_AFTER =
  /^\s*(?:or less|or under|or below|and under|and below|and less|or lower|or cheaper|max(?:imum)?|tops|at most|or so max|ceiling|limit)(?![\p{L}])/iu;
const MIN_AFTER =
  /^\s*(?:\+|or more|and up|and above|or above|or higher|and higher|plus(?!\s+\p{L})|minimum|min|and over|or over|at least)(?![\p{L}])/iu;

const MEANING_WORDS: { meaning: MoneyMeaning; pattern: RegExp }[] = [
  { meaning: 'netWorth', pattern: /\bnet\s?worth\b|\bnetworth\b|\bworth\b/gi },
  { meaning: 'fee', pattern: /\bfranchise fees?\b|\bfees?\b|\broyalt(?:y|ies)\b/gi },
  {
    meaning: 'revenue',
    pattern:
      /\brevenues?\b|\bsales\b|\bincome\b|\bearn(?:ing|ings|s)?\b|\bmak(?:e|ing)\b|\bprofits?\b|\bsalary\b|\bgross\b|\bper (?:year|month)\b|\ba (?:year|month)\b|\bannual(?:ly)?\b|\bmonthly\b|\byearly\b/gi,
  },
  {
    meaning: 'investment',
    pattern:
      /\binvest(?:ment|ing)?\b|\bbudget\b|\bcash\b|\bliquid(?:ity)?\b|\bcapital\b|\bspend\b|\bafford\b|\bhave\b|\bcosts?\b|\bprice\b|\bstart[- ]?up\b|\binitial\b|\btotal\b/gi,
  },
];

/** What an amount is about, from the nearest telling word right before or after it. */
function meaningOf(text: string, start: number, end: number, floor: number): MoneyMeaning {
  const beforeStart = Math.max(floor, start - 40);
  const before = text.slice(beforeStart, start);
  const cut = Math.max(before.lastIndexOf(','), before.lastIndexOf(';'), before.lastIndexOf('.'));
  const beforeText = cut >= 0 ? before.slice(cut + 1) : before;
  const afterRaw = text.slice(end, end + 30);
  const stop = afterRaw.search(/[,;.]/);
  const afterText = stop >= 0 ? afterRaw.slice(0, stop) : afterRaw;
  let best: { meaning: MoneyMeaning; distance: number } | null = null;
  for (const { meaning, pattern } of MEANING_WORDS) {
    for (const m of beforeText.matchAll(pattern)) {
      const distance = beforeText.length - (m.index + m[0].length);
      if (distance <= 30 && (!best || distance < best.distance)) best = { meaning, distance };
    }
    for (const m of afterText.matchAll(pattern)) {
      // After the amount only an adjacent word counts ("$500k net worth", "$200k a year").
      if (m.index <= 4 && (!best || m.index < best.distance)) best = { meaning, distance: m.index };
    }
  }
  return best?.meaning ?? 'investment';
}

/**
 * Finds every money expression of a sentence.
 * @example parseMoney('under $150k in Texas')[0] // { text: 'under $150k', min: null, max: 150000, … }
 * @example parseMoney('between $100k and $250k')[0] // { min: 100000, max: 250000, … }
 */
export function parseMoney(text: string): MoneySpan[] {
  const atoms = readAtoms(text);
  const spans: MoneySpan[] = [];
  let floor = 0;
  for (let i = 0; i < atoms.length; i += 1) {
    const a = atoms[i]!;
    const b = atoms[i + 1];
    const joiner = b ? text.slice(a.end, b.start) : '';
    let lo: Atom = a;
    let hi: Atom | null = null;
    if (b && RANGE_JOINERS.test(joiner)) {
      const usesAnd = /and/i.test(joiner);
      const opener = RANGE_START.test(text.slice(Math.max(floor, a.start - 25), a.start));
      if (!usesAnd || opener) {
        const aMoney = isMoney(a, text);
        const bMoney = isMoney(b, text);
        if (aMoney || bMoney) {
          // "100 to 300k", "$1-2M": the written unit applies to both ends.
          const aValue =
            a.unit === 1 && b.unit > 1 && a.value * b.unit <= b.value ? a.value * b.unit : a.value;
          const bValue =
            b.unit === 1 && a.unit > 1 && b.value * a.unit >= aValue ? b.value * a.unit : b.value;
          lo = { ...a, value: aValue };
          hi = { ...b, value: bValue };
        }
      }
    }
    if (!hi && !isMoney(a, text)) continue;
    const last = hi ?? lo;
    let start = lo.start;
    let end = last.end;
    let min: number | null;
    let max: number | null;
    if (hi) {
      min = Math.min(lo.value, hi.value);
      max = Math.max(lo.value, hi.value);
      const opener = text.slice(Math.max(floor, start - 25), start).match(RANGE_START);
      if (opener) start -= opener[0].length;
      i += 1;
    } else {
      const before = text.slice(Math.max(floor, start - 30), start);
      const after = text.slice(end, end + 20);
      const maxBefore = before.match(MAX_BEFORE);
      const minBefore = before.match(MIN_BEFORE);
      const approx = before.match(APPROX_BEFORE);
      const maxAfter = after.match(MAX_AFTER);
      const minAfter = after.match(MIN_AFTER);
      if (maxBefore) {
        min = null;
        max = lo.value;
        start -= maxBefore[0].length;
      } else if (minBefore) {
        min = lo.value;
        max = null;
        start -= minBefore[0].length;
      } else if (minAfter) {
        min = lo.value;
        max = null;
        end += minAfter[0].length;
      } else if (maxAfter) {
        min = null;
        max = lo.value;
        end += maxAfter[0].length;
      } else if (approx) {
        min = Math.round(lo.value * 0.75);
        max = Math.round(lo.value * 1.25);
        start -= approx[0].length;
      } else {
        // A bare amount is a budget: "I have $150k", "$150k franchise".
        min = null;
        max = lo.value;
      }
    }
    while (start < end && /\s/.test(text[start] ?? '')) start += 1;
    spans.push({
      start,
      end,
      text: text.slice(start, end),
      min,
      max,
      meaning: meaningOf(text, start, end, floor),
    });
    floor = end;
  }
  return spans;
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/**
 * A requested investment as the AI search shows it.
 * @example investmentLabel(null, 150000) // '≤ $150,000'
 */
export function investmentLabel(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `${usd.format(min)} – ${usd.format(max)}`;
  if (max !== null) return `≤ ${usd.format(max)}`;
  if (min !== null) return `≥ ${usd.format(min)}`;
  return 'any';
}
