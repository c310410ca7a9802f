// Parse tree of a Go template (text/template/parse/node.go, simplified).

export type ArgNode =
  | { t: 'field'; idents: string[]; pos: number }
  | { t: 'variable'; idents: string[]; pos: number }
  | { t: 'dot'; pos: number }
  | { t: 'nil'; pos: number }
  | { t: 'bool'; value: boolean; pos: number }
  | { t: 'number'; value: number | bigint; text: string; pos: number }
  | { t: 'string'; value: string; pos: number }
  | { t: 'identifier'; name: string; pos: number }
  | { t: 'chain'; node: ArgNode; fields: string[]; pos: number }
  | PipeNode;

export interface CommandNode {
  args: ArgNode[];
  pos: number;
}

export interface PipeNode {
  t: 'pipe';
  decl: string[];
  isAssign: boolean;
  cmds: CommandNode[];
  pos: number;
}

export type Node =
  | { t: 'text'; text: string; pos: number }
  | { t: 'action'; pipe: PipeNode; pos: number }
  | { t: 'if' | 'with'; pipe: PipeNode; list: Node[]; elseList?: Node[]; pos: number }
  | { t: 'range'; pipe: PipeNode; list: Node[]; elseList?: Node[]; pos: number }
  | { t: 'template'; name: string; pipe?: PipeNode; pos: number }
  | { t: 'break' | 'continue'; pos: number };

/** A parsed template: its root list plus every {{define}}/{{block}} it declared. */
export interface TemplateTree {
  root: Node[];
  defines: Map<string, Node[]>;
  source: string;
}
