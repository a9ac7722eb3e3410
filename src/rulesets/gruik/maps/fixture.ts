/**
 * The small test fixture of rules §12.7: two player states (the elves of Sylvebrune and the
 * dwarves of Enclumegarde, the text's own example peoples [T §2.1]), one GM-run neutral state,
 * ten provinces, three sea zones with one open-sea edge, one strait. Original names; it is not the
 * default map and need not meet the W targets. The §9.2 test vectors run on it (or on an ad hoc map).
 *
 *   elves:   sylve (capital, 7) · rives (5) · coudre (4) · hautval (5)
 *   dwarves: enclume (capital, 7) · roc (5) · marche (4) · gouffre (3)
 *   neutral: tourbe (capital, 5) · ilot (3, an island)
 *
 *   land:  sylve–rives, sylve–coudre, sylve–hautval, rives–coudre, coudre–hautval, coudre–tourbe,
 *          hautval–tourbe, tourbe–marche, tourbe–gouffre, marche–enclume, marche–gouffre,
 *          marche–roc, enclume–roc, enclume–gouffre; strait rives–roc (the Passe des Brumes)
 *   sea:   baie–etroite coastal, etroite–large coastal, baie–large open sea
 */
import type { GruikMap } from '../map.ts';
import type { ScenarioState } from '../state.ts';

export const FIXTURE_MAP: GruikMap = {
  id: 'fixture',
  provinces: [
    { id: 'sylve', name: 'Sylvebrune', taxValue: 7, landNeighbours: ['rives', 'coudre', 'hautval'], coasts: ['baie'] },
    { id: 'rives', name: 'Rives-Claires', taxValue: 5, landNeighbours: ['sylve', 'coudre'], coasts: ['baie', 'etroite'] },
    { id: 'coudre', name: 'Coudraie', taxValue: 4, landNeighbours: ['sylve', 'rives', 'hautval', 'tourbe'], coasts: [] },
    { id: 'hautval', name: 'Hautval', taxValue: 5, landNeighbours: ['sylve', 'coudre', 'tourbe'], coasts: [], mapEdge: true },
    { id: 'tourbe', name: 'Tourbière', taxValue: 5, landNeighbours: ['coudre', 'hautval', 'marche', 'gouffre'], coasts: [] },
    { id: 'marche', name: 'Marche-Grise', taxValue: 4, landNeighbours: ['tourbe', 'enclume', 'gouffre', 'roc'], coasts: [] },
    { id: 'enclume', name: 'Enclumegarde', taxValue: 7, landNeighbours: ['marche', 'roc', 'gouffre'], coasts: ['etroite', 'large'] },
    { id: 'roc', name: 'Rocfendu', taxValue: 5, landNeighbours: ['marche', 'enclume'], coasts: ['etroite'] },
    { id: 'gouffre', name: 'Gouffrenoir', taxValue: 3, landNeighbours: ['tourbe', 'marche', 'enclume'], coasts: ['large'], mapEdge: true },
    { id: 'ilot', name: 'Île-aux-Glands', taxValue: 3, landNeighbours: [], coasts: ['large'], mapEdge: true },
  ],
  seaZones: [
    { id: 'baie', name: 'Baie d’Argent', neighbours: [{ zone: 'etroite', coastal: true }, { zone: 'large', coastal: false }] },
    { id: 'etroite', name: 'Mer Étroite', neighbours: [{ zone: 'baie', coastal: true }, { zone: 'large', coastal: true }] },
    { id: 'large', name: 'Grand Large', neighbours: [{ zone: 'etroite', coastal: true }, { zone: 'baie', coastal: false }] },
  ],
  straits: [
    { id: 'brumes', name: 'Passe des Brumes', provinces: ['rives', 'roc'], adjacentZones: ['baie', 'etroite'], fleetCrossing: ['baie', 'etroite'] },
  ],
};

/** The fixture's states, in the shape of the scenario file's `states` (rules §12.4). */
export const FIXTURE_STATES: ScenarioState[] = [
  { id: 'elves', name: 'Royaume de Sylvebrune', kind: 'player', capital: 'sylve', treasury: 0, provinces: ['sylve', 'rives', 'coudre', 'hautval'], sovereign: 'Aëlis', general: 'Thalien', fleets: [{ ships: 100, zone: 'baie' }] },
  { id: 'dwarves', name: 'Thanat d’Enclumegarde', kind: 'player', capital: 'enclume', treasury: 0, provinces: ['enclume', 'roc', 'marche', 'gouffre'], sovereign: 'Borin Larges-Mains', general: 'Dagna', fleets: [{ ships: 100, zone: 'etroite' }] },
  { id: 'fens', name: 'Ligue des Tourbières', kind: 'neutral', capital: 'tourbe', treasury: 0, provinces: ['tourbe', 'ilot'], sovereign: 'Mère Vasière', general: 'Brouillasse', fleets: [] },
];
