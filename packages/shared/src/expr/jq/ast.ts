// jq syntax tree; `pos` is the source offset used in error messages.
export type JqNode =
  | { t: 'identity'; pos: number }
  | { t: 'recurse'; pos: number }
  | { t: 'field'; target: JqNode; name: JqNode; opt: boolean; pos: number }
  | { t: 'index'; target: JqNode; index: JqNode; opt: boolean; pos: number }
  | { t: 'slice'; target: JqNode; from?: JqNode; to?: JqNode; opt: boolean; pos: number }
  | { t: 'iterate'; target: JqNode; opt: boolean; pos: number }
  | { t: 'literal'; value: unknown; pos: number }
  | { t: 'string'; text: string[]; exprs: JqNode[]; format?: string; pos: number }
  | { t: 'format'; name: string; pos: number }
  | { t: 'array'; body?: JqNode; pos: number }
  | { t: 'object'; entries: { key: JqNode; value: JqNode }[]; pos: number }
  | { t: 'pipe'; left: JqNode; right: JqNode; pos: number }
  | { t: 'comma'; left: JqNode; right: JqNode; pos: number }
  | { t: 'binop'; op: string; left: JqNode; right: JqNode; pos: number }
  | { t: 'neg'; expr: JqNode; pos: number }
  | { t: 'call'; name: string; args: JqNode[]; pos: number }
  | { t: 'var'; name: string; pos: number }
  | { t: 'as'; source: JqNode; name: string; body: JqNode; pos: number }
  | { t: 'if'; cond: JqNode; then: JqNode; else?: JqNode; pos: number }
  | { t: 'try'; body: JqNode; catch?: JqNode; pos: number }
  | { t: 'reduce'; source: JqNode; name: string; init: JqNode; update: JqNode; pos: number }
  | { t: 'foreach'; source: JqNode; name: string; init: JqNode; update: JqNode; extract?: JqNode; pos: number }
  | { t: 'assign'; op: string; left: JqNode; right: JqNode; pos: number };
