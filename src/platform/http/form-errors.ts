/**
 * A refused form tells a screen-reader user what went wrong and where (issue 22 §4, WCAG 3.3.1,
 * 1.3.1, 4.1.2): each field in error has aria-invalid and aria-describedby pointing at its message
 * (and at its help text), the first one in error takes the focus when the page opens (autofocus;
 * static/a11y.js puts it there too when a browser ignores autofocus), and the page's title starts
 * with « Erreur » (layout.ts, `page(…, { error: true })`).
 */
import { html, raw, type Html } from './html.ts';

/** The id of the message about field `id`. */
export const errorIdOf = (id: string): string => `${id}-error`;
/** The id of the help text of field `id`. */
export const helpIdOf = (id: string): string => `${id}-help`;

/**
 * A field's accessibility attributes: `aria-describedby` lists its help text (`help`) and its
 * message (when `invalid`), `aria-invalid` marks it, `autofocus` when it is the first field in error
 * (`focus`). To write inside the field's tag.
 */
export function fieldAria(id: string, o: { help?: boolean; invalid?: boolean; focus?: boolean }): Html {
  const by = [o.help ? helpIdOf(id) : '', o.invalid ? errorIdOf(id) : ''].filter(Boolean).join(' ');
  return raw(`${by ? ` aria-describedby="${by}"` : ''}${o.invalid ? ' aria-invalid="true"' : ''}${o.focus ? ' autofocus' : ''}`);
}

/** The message of field `id` (`text`: plain text, or markup built with `html`). */
export function fieldError(id: string, text: string | Html | null | undefined): Html | '' {
  return text ? html`<p class="error" id="${errorIdOf(id)}">${text}</p>` : '';
}

/** The first of `order` that has an entry in `errors` (the field to focus), or null. */
export function firstInvalid<K extends string>(order: readonly K[], errors: Partial<Record<K, unknown>>): K | null {
  return order.find((k) => !!errors[k]) ?? null;
}
