import type { StateCode } from '@fm/sdk/contracts';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { type Bucket, bucketOf, fillOf, isDark } from './color-scale.ts';
import {
  CANADA_GEOMETRY,
  type Callout,
  type MapGeometry,
  type Shape,
  USA_GEOMETRY,
} from './map-geometry.ts';
import { countLabel, placeLabel, placeOf } from './places.ts';

export interface PlaceCounts {
  brands: number;
  consultants: number;
}

interface TerritoryMapProps {
  /** Counts per place; null while the first answer is loading. */
  counts: ReadonlyMap<StateCode, PlaceCounts> | null;
  shadeBy: keyof PlaceCounts;
  buckets: readonly Bucket[];
  selected: StateCode | null;
  onSelect: (code: StateCode) => void;
}

interface Tip {
  code: StateCode;
  x: number;
  y: number;
}

/**
 * The USA and Canada, one focusable button per state and province, shaded by the chosen count.
 * Canada and the USA are two drawings with their own projections, laid out side by side (stacked
 * on narrow screens): correct and readable rather than one continuous projection.
 */
export function TerritoryMap({ counts, shadeBy, buckets, selected, onSelect }: TerritoryMapProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<StateCode | null>(null);
  const [tip, setTip] = useState<Tip | null>(null);

  const tipAt = (code: StateCode, clientX: number, clientY: number) => {
    const box = frame.current?.getBoundingClientRect();
    if (!box) return;
    // Keep the centred tip (about 180 px wide) inside the map's frame on narrow screens.
    const margin = Math.min(90, box.width / 2);
    const x = Math.min(Math.max(clientX - box.left, margin), box.width - margin);
    setTip({ code, x, y: clientY - box.top });
  };
  const tipAbove = (code: StateCode, element: Element) => {
    const shape = element.getBoundingClientRect();
    tipAt(code, shape.left + shape.width / 2, shape.top);
  };

  const handlers = {
    onSelect,
    onFocus: (code: StateCode, element: Element) => {
      setFocused(code);
      tipAbove(code, element);
    },
    onBlur: (code: StateCode) => {
      setFocused((current) => (current === code ? null : current));
      setTip((current) => (current?.code === code ? null : current));
    },
    onHover: (code: StateCode, event: PointerEvent) => tipAt(code, event.clientX, event.clientY),
    onLeave: (code: StateCode) => setTip((current) => (current?.code === code ? null : current)),
  };

  const tipPlace = tip ? placeOf(tip.code) : undefined;
  const tipCounts = tip ? counts?.get(tip.code) : undefined;

  return (
    <div className="territory-map" ref={frame}>
      <div
        className="territory-map__maps"
        style={{ gridTemplateColumns: `${CANADA_GEOMETRY.aspect}fr ${USA_GEOMETRY.aspect}fr` }}
      >
        {[CANADA_GEOMETRY, USA_GEOMETRY].map((geometry) => (
          <MapDrawing
            key={geometry.id}
            geometry={geometry}
            counts={counts}
            shadeBy={shadeBy}
            buckets={buckets}
            selected={selected}
            focused={focused}
            handlers={handlers}
          />
        ))}
      </div>
      {tip && tipPlace ? (
        <div
          className="territory-map__tip"
          style={{ left: tip.x, top: tip.y }}
          aria-hidden="true"
          data-testid="territory-tooltip"
        >
          <strong>{tipPlace.name}</strong>
          {tipCounts ? (
            <span>
              {countLabel(tipCounts.brands, 'brand')} ·{' '}
              {countLabel(tipCounts.consultants, 'consultant')}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

interface Handlers {
  onSelect: (code: StateCode) => void;
  onFocus: (code: StateCode, element: Element) => void;
  onBlur: (code: StateCode) => void;
  onHover: (code: StateCode, event: PointerEvent) => void;
  onLeave: (code: StateCode) => void;
}

interface DrawingProps {
  geometry: MapGeometry;
  counts: ReadonlyMap<StateCode, PlaceCounts> | null;
  shadeBy: keyof PlaceCounts;
  buckets: readonly Bucket[];
  selected: StateCode | null;
  focused: StateCode | null;
  handlers: Handlers;
}

function MapDrawing({
  geometry,
  counts,
  shadeBy,
  buckets,
  selected,
  focused,
  handlers,
}: DrawingProps) {
  const bucketFor = (code: StateCode) => {
    const value = counts?.get(code)?.[shadeBy];
    return value === undefined ? undefined : bucketOf(buckets, value);
  };
  const shapeOf = (code: StateCode | null) => geometry.shapes.find((s) => s.code === code);
  const selectedShape = shapeOf(selected);
  const focusedShape = shapeOf(focused);

  return (
    <figure className={`territory-map__drawing territory-map__drawing--${geometry.id}`}>
      {/* biome-ignore lint/a11y/useSemanticElements: an <svg> cannot be a <fieldset>; the group names the map. */}
      <svg
        viewBox={geometry.viewBox}
        className="territory-map__svg"
        role="group"
        aria-label={`Map of ${geometry.title}`}
        data-loading={counts ? undefined : 'true'}
      >
        {geometry.shapes.map((shape) => (
          <PlacePath
            key={shape.code}
            shape={shape}
            counts={counts?.get(shape.code)}
            bucket={counts ? bucketFor(shape.code) : undefined}
            selected={shape.code === selected}
            handlers={handlers}
          />
        ))}
        {/* Drawn last so that outlines are never hidden under a neighbour. */}
        {selectedShape ? (
          // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a plain <g> is not focusable; the outline is decoration.
          <g className="territory-map__ring territory-map__ring--selected" aria-hidden="true">
            <path d={selectedShape.d} className="territory-map__ring-outer" />
            <path d={selectedShape.d} className="territory-map__ring-inner" />
          </g>
        ) : null}
        {focusedShape ? (
          // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a plain <g> is not focusable; the outline is decoration.
          <g className="territory-map__ring territory-map__ring--focus" aria-hidden="true">
            <path d={focusedShape.d} className="territory-map__ring-outer" />
            <path d={focusedShape.d} className="territory-map__ring-inner" />
          </g>
        ) : null}
        {geometry.callouts.map((callout) => (
          <CalloutBox
            key={callout.code}
            callout={callout}
            geometry={geometry}
            bucket={counts ? bucketFor(callout.code) : undefined}
            selected={callout.code === selected}
            onSelect={handlers.onSelect}
          />
        ))}
      </svg>
      <figcaption className="territory-map__caption">{geometry.title}</figcaption>
    </figure>
  );
}

function PlacePath({
  shape,
  counts,
  bucket,
  selected,
  handlers,
}: {
  shape: Shape;
  counts: PlaceCounts | undefined;
  bucket: Bucket | undefined;
  selected: boolean;
  handlers: Handlers;
}) {
  const onKeyDown = (event: KeyboardEvent<SVGPathElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      handlers.onSelect(shape.code);
    }
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG shape cannot be a <button>; it acts as one.
    <path
      d={shape.d}
      className="territory-map__place"
      style={counts ? { fill: fillOf(bucket) } : undefined}
      data-empty={counts && (!bucket || bucket.level < 0) ? 'true' : undefined}
      role="button"
      tabIndex={0}
      aria-label={placeLabel(shape.name, counts)}
      aria-pressed={selected}
      data-code={shape.code}
      onClick={() => handlers.onSelect(shape.code)}
      onKeyDown={onKeyDown}
      onFocus={(event) => handlers.onFocus(shape.code, event.currentTarget)}
      onBlur={() => handlers.onBlur(shape.code)}
      onPointerMove={(event) => handlers.onHover(shape.code, event)}
      onPointerLeave={() => handlers.onLeave(shape.code)}
    />
  );
}

/** A box for a place too small to hit on the map: a pointer shortcut, hidden from assistive tech. */
function CalloutBox({
  callout,
  geometry,
  bucket,
  selected,
  onSelect,
}: {
  callout: Callout;
  geometry: MapGeometry;
  bucket: Bucket | undefined;
  selected: boolean;
  onSelect: (code: StateCode) => void;
}) {
  const { width, height } = geometry.calloutSize;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: the box is not focusable; the place's own map shape is the keyboard target.
    <g
      className="territory-map__callout"
      data-selected={selected ? 'true' : undefined}
      aria-hidden="true"
      onClick={() => onSelect(callout.code)}
    >
      <rect
        x={callout.x}
        y={callout.y}
        width={width}
        height={height}
        rx={3}
        style={{ fill: fillOf(bucket) }}
      />
      <text
        x={callout.x + width / 2}
        y={callout.y + height / 2}
        className={isDark(bucket) ? 'territory-map__callout-text--light' : undefined}
        style={{ fontSize: height * 0.55 }}
      >
        {callout.code}
      </text>
    </g>
  );
}
