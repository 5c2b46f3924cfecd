import type { Tool } from '../../../src/api/contract/tools';

/** A tool of a project's Tools register as stored: its project and owner by id, no licence state. */
export type StoredTool = Omit<Tool, 'licence_state' | 'owner'> & {
  project_id: number;
  owner_id: number;
};

/** The Tools registers of the projects (part of MockState). */
export interface ToolsState {
  tools: StoredTool[];
}

declare module '../../store/state' {
  interface AreaStates {
    tools: ToolsState;
  }
}
