import {
  INDUSTRY_SPECIALTIES,
  INVESTMENT_RANGES,
  type IndustrySpecialty,
  type InvestmentRange,
  type StateCode,
  toSearchParams,
} from '@fm/sdk/contracts';
import { LoadStatus } from '@fm/widgets/kit';
import { useId, useMemo, useRef, useState } from 'react';
import { PageShell } from '../page-shell.tsx';
import '../../styles/territory-scout.css';
import { BrandList } from './brand-list.tsx';
import { bucketsFor } from './color-scale.ts';
import { MapLegend } from './map-legend.tsx';
import { placeOf } from './places.ts';
import { type ShadeBy, territoryQuery } from './scout-state.ts';
import { StatesTable } from './states-table.tsx';
import { type PlaceCounts, TerritoryMap } from './territory-map.tsx';
import { useScoutState, useTerritoryBrands, useTerritoryStats } from './use-territory.ts';

const SHADE_OPTIONS: { value: ShadeBy; label: string; legend: string }[] = [
  {
    value: 'brands',
    label: 'Brands registered',
    legend: 'Brands registered in each state or province',
  },
  {
    value: 'consultants',
    label: 'Consultants covering',
    legend: 'Consultants covering each state or province',
  },
];

/**
 * `/territory-scout` (both roles): for a category and an investment range, a map of the USA and
 * Canada shaded by the brands registered in each state or by the consultants covering it, a table
 * with the same numbers, and the brands of the chosen state with links to their profiles.
 */
export function TerritoryScoutPage() {
  const ids = useId();
  const [scout, update] = useScoutState();
  const query = useMemo(
    () => territoryQuery({ category: scout.category, investment: scout.investment }),
    [scout.category, scout.investment],
  );
  const [stats, retryStats] = useTerritoryStats(query);
  const [brands, retryBrands] = useTerritoryBrands(scout.state, query, scout.page);
  const [tableOpen, setTableOpen] = useState(false);
  const brandsPanel = useRef<HTMLElement>(null);

  const counts = useMemo(() => {
    if (!stats.data) return null;
    return new Map<StateCode, PlaceCounts>(
      stats.data.states.map((s) => [s.code, { brands: s.brands, consultants: s.consultants }]),
    );
  }, [stats.data]);
  const buckets = useMemo(
    () => (stats.data ? bucketsFor(stats.data.states.map((s) => s[scout.shadeBy])) : []),
    [stats.data, scout.shadeBy],
  );
  const shade = SHADE_OPTIONS.find((o) => o.value === scout.shadeBy) ?? SHADE_OPTIONS[0]!;
  const place = placeOf(scout.state);

  const select = (code: StateCode) => {
    update({ state: code });
    // On narrow screens the list is below the map: bring it into view without moving focus.
    const panel = brandsPanel.current;
    if (panel && panel.getBoundingClientRect().top > window.innerHeight) {
      panel.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }
  };

  return (
    <PageShell
      title="Territory Scout"
      lead="See where franchise brands are registered and where consultants work across the USA and Canada."
      className="territory"
    >
      <form
        className="territory__controls"
        aria-label="Map filters"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-category`}>
            Category
          </label>
          <select
            id={`${ids}-category`}
            className="field__input"
            value={scout.category ?? ''}
            onChange={(event) =>
              update({ category: (event.target.value || null) as IndustrySpecialty | null })
            }
          >
            <option value="">All categories</option>
            {INDUSTRY_SPECIALTIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-investment`}>
            Investment range
          </label>
          <select
            id={`${ids}-investment`}
            className="field__input"
            value={scout.investment}
            onChange={(event) => update({ investment: event.target.value as InvestmentRange })}
          >
            {INVESTMENT_RANGES.map((range) => (
              <option key={range.value} value={range.value}>
                {range.label}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="field segmented territory__shade">
          <legend className="field__label">Shade the map by</legend>
          <div className="segmented__options">
            {SHADE_OPTIONS.map((option) => (
              <label key={option.value} className="segmented__option">
                <input
                  type="radio"
                  name={`${ids}-shade`}
                  value={option.value}
                  checked={scout.shadeBy === option.value}
                  onChange={() => update({ shadeBy: option.value })}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </form>

      <div className="territory__body">
        <section className="territory__map-area" aria-labelledby={`${ids}-map-heading`}>
          <h2 id={`${ids}-map-heading`} className="visually-hidden">
            Map of the USA and Canada
          </h2>
          <LoadStatus
            pending={stats.status === 'loading'}
            error={stats.status === 'failed' ? stats.message : null}
            onRetry={retryStats}
            loadingText={stats.data ? 'Updating the map…' : 'Loading the map…'}
            loadingClassName="page__status territory__status"
            errorClassName="form-alert territory__error"
          />
          <div
            className="territory__map-frame"
            aria-busy={stats.status === 'loading'}
            data-testid="territory-map"
            data-shade={scout.shadeBy}
            data-query={toSearchParams(query).toString()}
            data-ready={stats.status === 'loaded' ? 'true' : undefined}
          >
            <TerritoryMap
              counts={counts}
              shadeBy={scout.shadeBy}
              buckets={buckets}
              selected={scout.state}
              onSelect={select}
            />
          </div>
          <MapLegend title={shade.legend} buckets={buckets} />
          <p className="territory__attribution">
            Canada map © @svg-maps/canada, CC BY 4.0 · US map: us-atlas (U.S. Census Bureau)
          </p>
          <details
            className="territory__table"
            open={tableOpen}
            onToggle={(event) => setTableOpen(event.currentTarget.open)}
          >
            <summary>{tableOpen ? 'Hide table' : 'Show as table'}</summary>
            {counts ? (
              <StatesTable counts={counts} selected={scout.state} onSelect={select} />
            ) : (
              <p className="page__status">Loading…</p>
            )}
          </details>
        </section>

        <section
          className="territory__brands"
          aria-labelledby={`${ids}-brands-heading`}
          ref={brandsPanel}
          data-testid="territory-brands"
        >
          <h2 id={`${ids}-brands-heading`} className="territory__brands-title">
            {place ? `Brands in ${place.name}` : 'Brands'}
          </h2>
          <BrandList
            place={place}
            load={brands}
            filtered={Object.keys(query).length > 0}
            onPage={(page) => update({ page })}
            onRetry={retryBrands}
          />
        </section>
      </div>
    </PageShell>
  );
}
