// NUL and the other control characters have no place in any text a person types (Postgres refuses
// NUL outright). Tab, line feed and carriage return are allowed: a pasted name or prompt may carry them.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Whether a text holds a control character other than tab, line feed or carriage return. */
const hasControlCharacter = (text: string): boolean => CONTROL.test(text);

interface Visit {
  readonly value: unknown;
  readonly key: string | number | null;
  readonly parent: Visit | null;
}

/**
 * The path (`items.0.name`, as zod names fields) of the first string, or object key, in a parsed
 * JSON value that holds a control character; null when there is none. Iterative, so a body nested
 * thousands deep cannot overflow the stack.
 */
export function fieldWithControlCharacter(body: unknown): string | null {
  const pending: Visit[] = [{ value: body, key: null, parent: null }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (hasControlCharacter(value)) return pathOf(visit);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) pending.push({ value: value[i], key: i, parent: visit });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (const [key] of entries) if (hasControlCharacter(key)) return pathOf(visit) === 'body' ? 'a field name' : `${pathOf(visit)}: a field name`;
      for (let i = entries.length - 1; i >= 0; i--) pending.push({ value: entries[i]![1], key: entries[i]![0], parent: visit });
    }
  }
  return null;
}

function pathOf(visit: Visit): string {
  const keys: (string | number)[] = [];
  for (let at: Visit | null = visit; at !== null && at.key !== null; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.') || 'body';
}
