import type { PodNetContext } from '../../network/pod-context';

/** One write of a network tool, in the order it made it (stderr and stdout interleave in a log). */
export interface Chunk {
  stream: 'stdout' | 'stderr';
  text: string;
}

/** What a network tool did: its output, exit status and the virtual time it blocked for. */
export interface ToolResult {
  chunks: Chunk[];
  code: number;
  elapsedMs: number;
}

/** A tool run in a container: its arguments and the container's network (none before it has one). */
export type NetTool = (args: string[], net: PodNetContext | undefined) => ToolResult;

/** Collects a tool's writes. */
export class Output {
  readonly chunks: Chunk[] = [];
  out(text: string): void {
    this.chunks.push({ stream: 'stdout', text });
  }
  err(text: string): void {
    this.chunks.push({ stream: 'stderr', text });
  }
  done(code: number, elapsedMs: number): ToolResult {
    return { chunks: this.chunks, code, elapsedMs };
  }
}
