import { today } from '../../lib/clock';
import { licenceState, type Tool } from '../../../src/api/contract/tools';
import type { MockState } from '../../store/state';
import type { StoredTool } from './state';
import { personOf } from '../../lib/people';

export type { StoredTool, ToolsState } from './state';

export function toTool(state: MockState, stored: StoredTool, on = today()): Tool {
  return {
    id: stored.id,
    name: stored.name,
    category: stored.category,
    version: stored.version,
    licence_type: stored.licence_type,
    licence_expiry: stored.licence_expiry,
    licence_state: licenceState(stored.licence_expiry, on),
    owner: personOf(state, stored.owner_id),
    approved: stored.approved,
    notes: stored.notes,
    created_at: stored.created_at,
    updated_at: stored.updated_at,
  };
}

/** A project's tools by name (case-blind), then version, then id. */
export const projectTools = (state: MockState, projectId: number) => {
  const on = today();
  return state.tools
    .filter((tool) => tool.project_id === projectId)
    .sort(
      (a, b) =>
        a.name.localeCompare(b.name, 'en-US', { sensitivity: 'base' }) ||
        a.version.localeCompare(b.version, 'en-US', { numeric: true }) ||
        a.id - b.id,
    )
    .map((tool) => toTool(state, tool, on));
};

/** Does the register of the project hold this name and version (case-blind), other than `except`? */
export const isDuplicate = (
  state: MockState,
  projectId: number,
  name: string,
  version: string,
  except?: number,
) =>
  state.tools.some(
    (tool) =>
      tool.project_id === projectId &&
      tool.id !== except &&
      tool.name.trim().toLowerCase() === name.trim().toLowerCase() &&
      tool.version.trim().toLowerCase() === version.trim().toLowerCase(),
  );
