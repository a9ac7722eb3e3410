/**
 * The spell catalogue lives one floor down, in `../spells.ts`, so that the encounters domain
 * (which reads spell codes and colleges in combat plans) never imports the magic domain: the
 * dependency runs one way, magic → encounters (issue 17 §5). This re-export keeps magic's own
 * files and their callers on their old path.
 */
export * from '../spells.ts';
