/**
 * Drawn shapes of a map's territories, generated once by `scripts/gen-map-shapes.ts` and
 * stored beside the map data (one file per map in this folder).
 *
 * Coordinates are the map data's own units (territory `x`, `y`: 0..1000 across, 0..1000 down),
 * so a territory's centre or label can be placed on its shape. Land is drawn as the union of the
 * region paths; everything else inside the `width` x `height` box is sea.
 */
export interface MapShapes {
  /** Drawing box: the SVG view box is `0 0 width height`. */
  width: number;
  height: number;
  /**
   * One entry per territory id. `path` is SVG path data (absolute `M … Z` rings, possibly several
   * for a territory with holes or outlying parts; draw it with `fill-rule="evenodd"`); two
   * territories' paths share a border segment only if the territories are adjacent. `label` is a
   * point well inside the shape, where the name fits best.
   */
  regions: Record<string, { path: string; label: [number, number] }>;
  /** adjacent pairs (a < b) whose shapes do not touch */
  crossings: [string, string][];
}
