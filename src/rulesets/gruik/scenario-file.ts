/**
 * The scenario file's shape, rules §12.4, field by field (JSON, UTF-8, one file per scenario):
 * the type the loader (scenario.ts) checks an input against and the built-in files are read as.
 * Foundation-level: imports nothing.
 */
type StateId = string;
type SeasonIndex = number;
type XY = [number, number];
export interface ScenarioFile {
  format: 'gruik-scenario'; version: 1;
  id: string; title: string; author: string; licence: string;
  start: { year: number; season: 'spring' };
  rules?: Record<string, unknown>;
  provinces: {
    id: string; name: string; taxValue?: number;
    landNeighbours: string[]; coasts: string[];
    owner: StateId | null; controller: StateId | null;
    controlSince?: SeasonIndex; templesPillagedAt?: SeasonIndex; terrainHint?: string; mapEdge?: boolean;
    display: { label: XY; shape: string };
  }[];
  seaZones: { id: string; name: string; neighbours: { zone: string; coastal: boolean }[]; display: { label: XY; shape: string } }[];
  straits: { id: string; name: string; provinces: [string, string]; adjacentZones: string[]; fleetCrossing?: [string, string]; display: { line: [XY, XY] } }[];
  states: {
    id: StateId; name: string; kind: 'player' | 'neutral'; colour: string; hottList?: string;
    capital: string; treasury: number; prestige?: number;
    sovereign: { name: string }; general: { name: string };
    army?: { location?: string };
    fleets: { ships: number; zone: string; coast?: string }[];
    friendsDeclared?: StateId[]; master?: StateId; tributaryRate?: number;
  }[];
  variants?: { id: string; players: number; playerStates: StateId[]; others: 'neutral' | 'remove' }[];
}

