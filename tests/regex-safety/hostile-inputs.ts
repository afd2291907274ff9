/**
 * Worst-case inputs for one regular expression, made from the pattern itself: a small parser finds its
 * single-character parts (literals, escapes, classes, `.`) and its repetitions; each repetition is then
 * attacked as backtracking attacks are built: a prefix that leads the match up to it, a "pump" repeated
 * to fill the input, and a suffix that makes the whole match fail at the end.
 */

/** A single-character part of the pattern, as source text (`[^\s@]`, `\d`, `a`, `.`). */
type Atom = { kind: 'atom'; source: string };
type Node =
  | Atom
  | { kind: 'empty' } // anchors, \b, back references: they match no character
  | { kind: 'look'; body: Node } // lookarounds: zero width, but their parts still run
  | { kind: 'seq'; items: Node[] }
  | { kind: 'alt'; options: Node[] }
  | { kind: 'repeat'; body: Node; min: number; max: number };

/** A pumpable family: the input is prefix + pump × n + suffix. */
export type Family = { prefix: string; pump: string; suffix: string };

class Parser {
  private at = 0;
  constructor(private readonly src: string) {}

  parse(): Node {
    const node = this.alternation();
    if (this.at < this.src.length) throw new Error(`unparsed pattern text at ${this.at}: ${this.src}`);
    return node;
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.src[this.at] === '|') {
      this.at++;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0]! : { kind: 'alt', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.at < this.src.length && this.src[this.at] !== '|' && this.src[this.at] !== ')') {
      items.push(this.quantified(this.term()));
    }
    return { kind: 'seq', items };
  }

  private quantified(node: Node): Node {
    const c = this.src[this.at];
    let bounds: [number, number] | null = null;
    if (c === '*') bounds = [0, Infinity];
    else if (c === '+') bounds = [1, Infinity];
    else if (c === '?') bounds = [0, 1];
    if (bounds) this.at++;
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.at, this.at + 24));
      if (m) {
        this.at += m[0].length;
        const min = Number(m[1]);
        bounds = [min, m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3])];
      }
    }
    if (!bounds) return node;
    if (this.src[this.at] === '?') this.at++; // lazy: the same attacks apply
    return this.quantified({ kind: 'repeat', body: node, min: bounds[0], max: bounds[1] });
  }

  private term(): Node {
    const start = this.at;
    const c = this.src[this.at]!;
    if (c === '^' || c === '$') {
      this.at++;
      return { kind: 'empty' };
    }
    if (c === '(') {
      this.at++;
      let look = false;
      const head = /^\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>)?/.exec(this.src.slice(this.at, this.at + 40))?.[0] ?? '';
      if (head === '?=' || head === '?!' || head === '?<=' || head === '?<!') look = true;
      this.at += head.length;
      const body = this.alternation();
      if (this.src[this.at] !== ')') throw new Error(`unclosed group in ${this.src}`);
      this.at++;
      return look ? { kind: 'look', body } : body;
    }
    if (c === '[') {
      this.at++;
      if (this.src[this.at] === '^') this.at++;
      // In JavaScript `]` always closes a class (`[]` matches nothing, `[^]` anything).
      while (this.at < this.src.length && this.src[this.at] !== ']') this.at += this.src[this.at] === '\\' ? 2 : 1;
      this.at++;
      return { kind: 'atom', source: this.src.slice(start, this.at) };
    }
    if (c === '\\') {
      const next = this.src[this.at + 1] ?? '';
      if (next === 'b' || next === 'B' || /[1-9]/.test(next)) {
        this.at += 2;
        while (/[0-9]/.test(this.src[this.at] ?? '')) this.at++;
        return { kind: 'empty' };
      }
      if (next === 'k' && this.src[this.at + 2] === '<') {
        this.at = this.src.indexOf('>', this.at) + 1;
        return { kind: 'empty' };
      }
      const escape =
        /^\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|c[A-Za-z]|[pP]\{[^}]*\}|0|[\s\S])/.exec(
          this.src.slice(this.at),
        )?.[0] ?? '\\';
      this.at += escape.length;
      return { kind: 'atom', source: escape };
    }
    this.at++;
    return { kind: 'atom', source: c };
  }
}

/** Characters worth trying: every character the pattern names, the ends of its ranges, and common ones. */
function candidateChars(source: string): string[] {
  const chars = new Set<string>();
  for (const m of source.matchAll(/\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})/g)) {
    const code = parseInt(m[1] ?? m[2]!, 16);
    chars.add(String.fromCharCode(code));
    chars.add(String.fromCharCode(code + 1));
  }
  for (const ch of source) chars.add(ch);
  for (const ch of [
    'a',
    'Z',
    '0',
    '9',
    ' ',
    '\t',
    '\n',
    '.',
    '-',
    '_',
    '@',
    '/',
    ',',
    ':',
    '+',
    '(',
    '!',
    '=',
    '年',
    '元',
    '\u3000',
    '\uff10',
    '\ud800',
    '\udc00',
    '\u0000',
    'é',
    'ー',
  ]) {
    chars.add(ch);
  }
  return [...chars];
}

const notGlobal = (flags: string) => flags.replace(/[gy]/g, '');

/**
 * The characters that behave differently in this pattern, one of each: two characters accepted by the
 * same single-character parts (and alike for \b) can only lead the engine down the same paths.
 */
function representatives(atoms: readonly Atom[], source: string, flags: string) {
  const tests = atoms.map((a) => new RegExp(`^(?:${a.source})$`, notGlobal(flags)));
  const word = /\w/;
  const bySignature = new Map<string, string>();
  for (const ch of candidateChars(source)) {
    const signature = tests.map((t) => (t.test(ch) ? '1' : '0')).join('') + (word.test(ch) ? 'w' : '-');
    if (!bySignature.has(signature)) bySignature.set(signature, ch);
  }
  const accepts = (atom: Atom) => {
    const t = tests[atoms.indexOf(atom)]!;
    return [...bySignature.values()].filter((ch) => t.test(ch));
  };
  return { all: [...bySignature.values()], accepts };
}

/** Every hostile family for the pattern: one per repetition, prefix, pump and suffix, plus generic ones. */
export function hostileFamilies(source: string, flags: string): Family[] {
  const tree = new Parser(source).parse();
  const atoms: Atom[] = [];
  const collect = (n: Node): void => {
    if (n.kind === 'atom') atoms.push(n);
    else if (n.kind === 'look' || n.kind === 'repeat') collect(n.body);
    else if (n.kind === 'seq') n.items.forEach(collect);
    else if (n.kind === 'alt') n.options.forEach(collect);
  };
  collect(tree);
  const reps = representatives(atoms, source, flags);

  /** A shortest string this part matches (first choices), good enough to lead the engine into the next part. */
  const sample = (n: Node): string => {
    switch (n.kind) {
      case 'atom':
        return reps.accepts(n)[0] ?? '';
      case 'seq':
        return n.items.map(sample).join('');
      case 'alt':
        return n.options.map(sample).reduce((a, b) => (b.length < a.length ? b : a));
      case 'repeat':
        return sample(n.body).repeat(n.min);
      default:
        return '';
    }
  };
  /** The characters a part can start with, as pumps. */
  const firsts = (n: Node): string[] => {
    switch (n.kind) {
      case 'atom':
        return reps.accepts(n);
      case 'seq': {
        const out: string[] = [];
        for (const item of n.items) {
          out.push(...firsts(item));
          if (sample(item) !== '') break;
        }
        return out;
      }
      case 'alt':
        return n.options.flatMap(firsts);
      case 'repeat':
      case 'look':
        return firsts(n.body);
      default:
        return [];
    }
  };

  const families: Family[] = [];
  const suffixes = ['', ...reps.all];
  const attack = (prefix: string, pumps: Iterable<string>) => {
    for (const pump of new Set(pumps)) {
      if (pump === '') continue;
      for (const suffix of suffixes) families.push({ prefix, pump, suffix });
    }
  };
  /** Walks the pattern, carrying the text that leads up to each part. */
  const walk = (n: Node, prefix: string): void => {
    if (n.kind === 'seq') {
      let lead = prefix;
      for (const item of n.items) {
        walk(item, lead);
        lead += sample(item);
      }
    } else if (n.kind === 'alt') {
      for (const option of n.options) walk(option, prefix);
    } else if (n.kind === 'look') {
      walk(n.body, prefix);
    } else if (n.kind === 'repeat') {
      if (n.max > 1) {
        // A pumped repetition, from here and from the start of the input (the engine tries every start).
        const pumps = [...firsts(n.body), sample(n.body), sample(n.body) + sample(n.body)];
        attack(prefix, pumps);
        if (prefix !== '') attack('', pumps);
      }
      walk(n.body, prefix);
    }
  };
  walk(tree, '');

  // Generic ones, whatever the pattern: every representative alone, and the shapes of known attacks.
  attack('', reps.all);
  families.push(
    { prefix: '', pump: '.', suffix: '' },
    { prefix: '', pump: 'a', suffix: '!' },
    { prefix: 'a@', pump: '.', suffix: '@' },
    { prefix: '', pump: ' ', suffix: '!' },
    { prefix: '', pump: 'a ', suffix: '!' },
    { prefix: '', pump: '0', suffix: 'x' },
  );
  const seen = new Set<string>();
  return families.filter((f) => {
    const key = JSON.stringify(f);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
