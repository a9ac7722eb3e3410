/**
 * The JSON schemas of the public API (/api/v1): Fastify validates requests with them and writes
 * responses through them (a field that is not declared is never sent), and @fastify/swagger builds
 * the OpenAPI document from them (api/routes.ts). Plain objects, reused by the routes.
 */

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;
const date = { type: 'string', format: 'date-time' } as const;
const nullable = <T extends { type: string }>(s: T) => ({ ...s, type: [s.type, 'null'] });
const obj = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, ...(required.length ? { required } : {}) });
/** Any JSON: a ruleset's view, a chart (the ruleset decides its shape). */
const anyJson = { description: 'any JSON, as the ruleset gives it' };
const localized = obj({ fr: str, en: str });

export const errorSchema = {
  type: 'object',
  description: 'A refusal, with its message in the token owner\'s language (or Accept-Language)',
  properties: {
    error: str, code: { type: 'string', description: 'stable name of the reason: token, scope, rate, bad-request, not-found, forbidden, stale-step, refused…' },
    step: { type: 'integer', description: 'stale-step: the step the game is at now' },
    issues: { type: 'array', items: anyJson },
  },
  required: ['error', 'code'],
};

/** Standard error answers of a route. */
export const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorSchema]));

export const idParams = obj({ id: { type: 'string', pattern: '^[1-9][0-9]{0,8}$', description: 'the game\'s number' } }, ['id']);
export const threadParams = obj({ id: idParams.properties.id, thread: { type: 'string', pattern: '^[1-9][0-9]{0,8}$' } }, ['id', 'thread']);
export const reportParams = obj({ id: idParams.properties.id, idx: { type: 'string', pattern: '^[0-9]{1,9}$', description: 'the step the report is of' } }, ['id', 'idx']);
export const langQuery = obj({ lang: { type: 'string', enum: ['fr', 'en'] } });
export const pageQuery = obj({ page: { type: 'integer', minimum: 1, maximum: 100000 } });

export const meSchema = obj({ login: str, lang: str, scopes: { type: 'array', items: str } }, ['login', 'lang', 'scopes']);

const myGame = obj({
  id: int, name: str, ruleset: str, status: str, prompts: { ...bool, description: 'a game of prompts (else a weekly game of order sheets)' },
  paused: bool, turn: { ...str, description: 'the ruleset\'s label of the step in progress' }, deadline: nullable(date),
  lord: str, seatStatus: str, orders: { type: 'string', enum: ['missing', 'saved', 'ready', 'none'] },
  waiting: { ...bool, description: 'something waits for an answer of mine' },
  unreadReports: int, unreadLetters: int, unreadPosts: int,
});
export const myGamesSchema = obj({ games: { type: 'array', items: myGame } }, ['games']);

export const gameSchema = obj({
  id: int, name: str, ruleset: str, title: localized, status: str, step: { ...int, description: 'steps resolved so far' }, turn: str,
  deadline: nullable(date), timeZone: str, prompts: bool, maxPlayers: int, isPrivate: bool,
  lords: { type: 'array', items: obj({ player: str, lordName: str, status: str }) },
  me: { type: ['object', 'null'], properties: { player: str, lordName: str, status: str } },
  history: { type: 'array', items: obj({ idx: int, label: str, resolvedAt: date }) },
  view: { ...anyJson, description: 'the ruleset\'s public view of the game' },
});

export const viewSchema = obj({ step: int, player: str, view: anyJson });

const decision = obj({
  id: str, kind: str, prompt: localized,
  choices: { type: 'array', items: obj({ value: str, label: localized }) },
  answer: {
    type: ['object', 'null'], description: 'what I answered so far (null: nothing yet)',
    properties: { text: str, ready: bool, issues: { type: 'array', items: anyJson }, words: { type: ['string', 'null'], description: 'the answer told in words, in my language (the ruleset\'s `describeAnswer`: Warrior Knights, Fief); null when the ruleset gives none (then `text` says it)' },
      formValues: {
        type: ['object', 'null'], description: 'my answer back in the guided form, as the prompt page fills it (the ruleset\'s `formValues`): the form entry\'s `code` and its fields\' values by name; null when the ruleset gives none or no entry writes the answer',
        properties: { code: str, values: { type: 'object', additionalProperties: str } },
      } },
  },
});
export const decisionsSchema = obj({
  step: { ...int, description: 'send it back with the answer: an answer for a step that has passed is refused' },
  turn: str, status: str, mode: { type: 'string', enum: ['sheet', 'prompts'] }, deadline: nullable(date), paused: bool, player: str,
  decisions: { type: 'array', items: decision },
}, ['step', 'decisions']);

export const answerBody = obj({
  step: { type: 'integer', minimum: 0, description: 'the step the answer is meant for (`step` of /decisions)' },
  decision: { type: 'string', maxLength: 100, description: 'the decision answered (optional for a game of order sheets)' },
  answer: {
    anyOf: [{ type: 'string', maxLength: 50000 }, { type: 'array', maxItems: 1000, items: {} }],
    description: 'the whole order sheet (it replaces the stored one) as text, or as the ruleset\'s structured orders (an array); or the prompt\'s answer',
  },
}, ['step', 'answer']);
export const answerSchema = obj({
  step: int, decision: str, saved: bool, ready: bool,
  text: str, issues: { type: 'array', items: anyJson, description: 'the referee\'s remarks; a sheet keeps its valid lines' },
});

export const readyBody = obj({ step: { type: 'integer', minimum: 0 }, ready: bool }, ['step', 'ready']);
export const readySchema = obj({ step: int, ready: bool, status: str });

export const reportsSchema = obj({ reports: { type: 'array', items: obj({ idx: int, label: str, resolvedAt: date }) } }, ['reports']);
export const reportSchema = obj({ idx: int, lang: str, markdown: str });

const hidden = { type: ['object', 'null'], properties: { at: date, reason: nullable(str) } };
export const threadsSchema = obj({
  page: int, pages: int,
  threads: { type: 'array', items: obj({ id: int, title: str, author: nullable(str), posts: int, unread: int, lastPostAt: date, hidden }) },
});
export const postsSchema = obj({
  thread: obj({ id: int, title: str, posts: int, hidden }), page: int,
  posts: { type: 'array', items: obj({ id: int, author: nullable(str), body: nullable(str), outOfGame: bool, createdAt: date, hidden, quote: nullable(int) }) },
});
export const newThreadBody = obj({ title: { type: 'string', maxLength: 1000 }, body: { type: 'string', maxLength: 20000 }, outOfGame: bool }, ['title', 'body']);
export const newPostBody = obj({ body: { type: 'string', maxLength: 20000 }, outOfGame: bool, quote: { type: 'integer', minimum: 1 } }, ['body']);
export const postedSchema = obj({ threadId: int, postId: int });

const lordRef = obj({ player: str, lordName: str });
export const lettersSchema = obj({
  lord: str, recipients: { type: 'array', items: lordRef },
  threads: { type: 'array', items: obj({ id: int, subject: str, lastAt: date, members: { type: 'array', items: lordRef }, unread: int, total: int }) },
});
export const letterThreadSchema = obj({
  id: int, subject: str, members: { type: 'array', items: lordRef },
  letters: { type: 'array', items: obj({ id: int, author: str, authorPlayer: str, body: nullable(str), viaMail: bool, createdAt: date, hidden: bool }) },
});
export const newLetterBody = obj({
  to: { type: 'array', items: { type: 'string', maxLength: 100 }, minItems: 1, maxItems: 30, description: 'the recipients\' player ids (see `recipients`)' },
  subject: { type: 'string', maxLength: 1000 }, body: { type: 'string', maxLength: 20000 },
}, ['to', 'subject', 'body']);
export const newLetterPostBody = obj({ body: { type: 'string', maxLength: 20000 } }, ['body']);
export const letterSentSchema = obj({ threadId: int, letterId: int });

export const statsSchema = obj({
  game: int, player: nullable(str),
  own: { type: 'array', items: anyJson, description: 'my own private figures (a token with the read scope, holding a seat)' },
  shared: { type: 'array', items: anyJson, description: 'the figures everyone who may see the game sees' },
});
