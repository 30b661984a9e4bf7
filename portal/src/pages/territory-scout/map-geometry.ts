import { CANADIAN_PROVINCES, type StateCode, US_STATES } from '@fm/sdk/contracts';
import canadaMap from '@svg-maps/canada';
import { geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import statesTopology from 'us-atlas/states-albers-10m.json';

/** One state or province as an SVG path in its map's own coordinates. */
export interface Shape {
  code: StateCode;
  name: string;
  d: string;
}

/** A labelled box beside a map for a place too small to see or hit on it. */
export interface Callout {
  code: StateCode;
  x: number;
  y: number;
}

export interface MapGeometry {
  id: 'canada' | 'usa';
  title: string;
  viewBox: string;
  /** Width over height, for the layout. */
  aspect: number;
  /** Alphabetical by name: the order keyboard focus follows. */
  shapes: Shape[];
  callouts: Callout[];
  /** Size of a callout box in map units (the two maps are drawn at different scales). */
  calloutSize: { width: number; height: number };
}

const byName = (a: Shape, b: Shape) => a.name.localeCompare(b.name);

// us-atlas: U.S. Census Bureau cartographic boundaries, already projected (Albers USA, 975 × 610).
const topology = statesTopology as unknown as Topology<{
  states: GeometryCollection<{ name: string }>;
}>;
const US_CODE_BY_NAME = new Map<string, StateCode>(US_STATES.map((s) => [s.name, s.code]));
const usPath = geoPath().digits(1);
const usShapes = feature(topology, topology.objects.states).features.flatMap((f) => {
  const code = US_CODE_BY_NAME.get(f.properties.name);
  const d = usPath(f);
  return code && d ? [{ code, name: f.properties.name, d }] : [];
});

// @svg-maps/canada (CC BY 4.0): its own projection and viewBox, ids are lower-case codes.
interface SvgMap {
  viewBox: string;
  locations: { id: string; name: string; path: string }[];
}
const canada = canadaMap as unknown as SvgMap;
const PROVINCE_NAME = new Map<string, string>(CANADIAN_PROVINCES.map((p) => [p.code, p.name]));
const canadaShapes = canada.locations.flatMap((l) => {
  const code = l.id.toUpperCase() as StateCode;
  const name = PROVINCE_NAME.get(code);
  return name ? [{ code, name, d: l.path }] : [];
});

const aspectOf = (viewBox: string) => {
  const [, , width = 1, height = 1] = viewBox.split(/\s+/).map(Number);
  return width / height;
};

/** The small north-eastern states, as boxes in the Atlantic east of the map. */
const US_CALLOUTS: Callout[] = ['VT', 'NH', 'MA', 'RI', 'CT', 'NJ', 'DE', 'MD', 'DC'].map(
  (code, i) => ({ code: code as StateCode, x: 930, y: 150 + i * 30 }),
);

export const CANADA_GEOMETRY: MapGeometry = {
  id: 'canada',
  title: 'Canada',
  viewBox: canada.viewBox,
  aspect: aspectOf(canada.viewBox),
  shapes: canadaShapes.sort(byName),
  callouts: [{ code: 'PE', x: 738, y: 985 }],
  calloutSize: { width: 52, height: 36 },
};

export const USA_GEOMETRY: MapGeometry = {
  id: 'usa',
  title: 'United States',
  viewBox: '0 0 975 610',
  aspect: 975 / 610,
  shapes: usShapes.sort(byName),
  callouts: US_CALLOUTS,
  calloutSize: { width: 40, height: 24 },
};
