import type { LicenceType, ToolCategory } from '../../../src/api/contract/tools';

/** A tool of a project's Tools register as stored. */
export interface StoredTool {
  id: number;
  project_id: number;
  name: string;
  category: ToolCategory;
  version: string;
  licence_type: LicenceType;
  licence_expiry: string | null;
  owner_id: number;
  approved: boolean;
  notes: string;
  created_at: string;
  updated_at: string;
}

/** The Tools registers of the projects (part of MockState). */
export interface ToolsState {
  tools: StoredTool[];
}
