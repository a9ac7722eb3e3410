/**
 * Map geometry ([P G-01]), from the world domain: neighbours (ascending ids), adjacency, distance.
 */
export { neighbours, adjacent, distance } from '../world/geometry.ts';
