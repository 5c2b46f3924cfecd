import {
  ratingOf,
  type Attachment,
  type PersonRef,
  type Resolution,
  type RiskKind,
  type TransferSide,
} from '../../../src/api/contract/risks';
import { contentTypeOf, fixtureFile } from '../../lib/attachments';
import { personLabel } from '../../../src/api/contract/display';
import { commentSummary, displayValue } from './history';
import { newRiskDefaults, type RisksState, type ScopeContext, type StoredRisk } from './model';

export const DAY = 86_400_000;
/** "Today" of the fixtures: every seeded date is relative to it, so a reset gives the same data. */
export const SEED_NOW = Date.UTC(2026, 10, 20);
const MINUTE = 60_000;

/**
 * A moment `days` before the fixtures' today, at a working time that varies from day to day
 * (10:00 to 13:59 UTC): the register reads like real work, and every seeded date falls on the
 * same calendar day from UTC-10 to UTC+10. Later days stay later, so the order never changes.
 */
export const daysAgo = (days: number) => {
  const minutes = 10 * 60 + ((((days * 97) % 240) + 240) % 240);
  return new Date(SEED_NOW - days * DAY + minutes * MINUTE).toISOString();
};

/** A seeded risk's own fields; the counts follow the items and comments the seeder adds. */
export interface RiskSeed extends Partial<
  Omit<StoredRisk, 'id' | 'kind' | 'owner' | 'created_by' | 'action_items_count' | 'comments_count'>
> {
  statement: string;
  owner_id: number;
  created_by_id?: number;
}

/**
 * Builds the seeded risks with the history a real register would hold: every risk's creation,
 * its action items, comments, transfer and resolution are recorded as they happened.
 */
export class RiskSeeder {
  private attachmentId = 0;

  constructor(
    readonly state: RisksState,
    private readonly people: PersonRef[],
  ) {}

  person(id: number): PersonRef {
    const found = this.people.find((candidate) => candidate.id === id);
    if (!found) throw new Error(`The risk fixtures name an unknown person ${id}`);
    return found;
  }

  add(kind: RiskKind, context: ScopeContext, seed: RiskSeed): StoredRisk {
    const { owner_id, created_by_id, ...fields } = seed;
    const id = this.state.risks.length + 1;
    const created = fields.created_at ?? daysAgo(30);
    const probability = kind === 'risk' ? (fields.probability ?? 'moderate') : null;
    const impact = kind === 'risk' ? (fields.impact ?? 'moderate') : null;
    const creator = this.person(created_by_id ?? owner_id);
    const risk: StoredRisk = {
      ...newRiskDefaults(),
      id,
      kind,
      level: context.scope.level,
      scope: context.scope,
      project: context.project,
      account: context.account,
      ...fields,
      owner: this.person(owner_id),
      created_by: creator,
      created_at: created,
      updated_at: created,
      probability,
      impact,
      rating: probability && impact ? ratingOf(probability, impact) : null,
      priority: kind === 'issue' ? (fields.priority ?? 'moderate') : null,
      severity: kind === 'issue' ? (fields.severity ?? 'moderate') : null,
    };
    if (kind === 'issue') risk.response_strategy = null;
    this.state.risks.push(risk);
    this.log(risk, creator.id, 'created', '', risk.statement, created);
    return risk;
  }

  log(
    risk: StoredRisk,
    byId: number,
    field: string,
    oldValue: string,
    newValue: string,
    at: string,
  ): void {
    this.state.riskHistory.push({
      id: this.state.riskHistory.length + 1,
      risk_id: risk.id,
      at,
      by: this.person(byId),
      field,
      old_value: oldValue,
      new_value: newValue,
    });
    if (at > risk.updated_at) risk.updated_at = at;
  }

  /** A change of a field before today: the value it had is recorded, the risk keeps the new one. */
  change(risk: StoredRisk, byId: number, field: string, from: unknown, to: unknown, at: string) {
    this.log(risk, byId, field, displayValue(field, from), displayValue(field, to), at);
  }

  addItem(
    risk: StoredRisk,
    item: { title: string; owner_id: number; due_date: string | null; done: boolean },
    at: string,
  ): void {
    this.state.riskActionItems.push({
      id: this.state.riskActionItems.length + 1,
      risk_id: risk.id,
      title: item.title,
      owner: this.person(item.owner_id),
      due_date: item.due_date,
      done: item.done,
      created_at: at,
    });
    risk.action_items_count += 1;
    this.log(risk, risk.owner.id, 'action_item', '', item.title, at);
  }

  addComment(
    risk: StoredRisk,
    comment: { author_id: number; text: string; attachments: string[] },
    at: string,
  ): void {
    const attachments = comment.attachments.map((name): Attachment => {
      this.attachmentId += 1;
      return {
        id: this.attachmentId,
        name,
        size: fixtureFile(name).length,
        content_type: contentTypeOf(name),
        url: `/api/attachments/${this.attachmentId}/`,
      };
    });
    this.state.riskComments.push({
      id: this.state.riskComments.length + 1,
      risk_id: risk.id,
      text: comment.text,
      author: this.person(comment.author_id),
      created_at: at,
      attachments,
    });
    risk.comments_count += 1;
    this.log(risk, comment.author_id, 'comment', '', commentSummary(comment.text), at);
  }

  transfer(
    risk: StoredRisk,
    transfer: { to_id: number; side: TransferSide; comment: string; by_id: number },
    at: string,
  ): void {
    const to = this.person(transfer.to_id);
    risk.transfer = {
      to,
      side: transfer.side,
      comment: transfer.comment,
      by: this.person(transfer.by_id),
      at,
    };
    this.log(risk, transfer.by_id, 'transfer', '', `${personLabel(to)}, ${transfer.side} side`, at);
  }

  close(risk: StoredRisk, byId: number, resolution: Resolution, comment: string, at: string) {
    risk.status = 'closed';
    risk.resolution = resolution;
    risk.resolution_comment = comment;
    this.log(risk, byId, 'resolution', 'Open', displayValue('resolution', resolution), at);
  }
}
