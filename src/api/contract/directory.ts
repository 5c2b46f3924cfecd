/** Plain read-only resources served as DRF paginated lists. */

export interface ProjectListItem {
  id: number;
  name: string;
  account_id: number;
  account_name: string;
  delivery_unit: string;
  high_ownership: boolean;
}

export interface AccountListItem {
  id: number;
  name: string;
  delivery_owner: string;
  nps_status: 'promoter' | 'passive' | 'detractor' | 'unknown';
  csat_status: 'satisfied' | 'neutral' | 'dissatisfied' | 'unknown';
}

/** DRF query parameters for lists: page, page_size, ordering (`-name`), search. */
export interface ListQuery {
  page?: number;
  page_size?: number;
  ordering?: string;
  search?: string;
}
