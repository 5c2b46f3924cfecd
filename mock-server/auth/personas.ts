import personas from '../../fixtures/personas.json' with { type: 'json' };
import type { CurrentUser, PersonaSummary } from '../../src/api/contract/auth';

export interface Persona {
  id: string;
  userId: number;
  name: string;
  login: string;
  role: string;
  description: string;
  isPortfolio: boolean;
  /**
   * A client-side person (the client's staff with an account): sees only what was shared or
   * transferred to them, and never receives a request to act on a risk.
   */
  clientSide?: boolean;
  permissions: string[];
  /** How many pending action requests the seed gives the persona (the count is live after). */
  risk_action_requests_counter: number;
}

export const PERSONAS: readonly Persona[] = personas;

export function findPersona(id: string): Persona | undefined {
  return PERSONAS.find((persona) => persona.id === id);
}

export function findPersonaByUserId(userId: number): Persona | undefined {
  return PERSONAS.find((persona) => persona.userId === userId);
}

export function toSummary(persona: Persona): PersonaSummary {
  const { id, name, login, role, description, isPortfolio } = persona;
  return { id, name, login, role, description, isPortfolio };
}

/** The user as `self` answers it, with the counters computed from the stored records. */
export function toCurrentUser(
  persona: Persona,
  bannerText: string,
  counters: Pick<CurrentUser, 'risk_action_requests_counter' | 'available_checklists_counter'>,
): CurrentUser {
  return {
    id: persona.userId,
    name: persona.name,
    login: persona.login,
    permissions: [...persona.permissions],
    ...counters,
    banner: { isHideBanner: false, text: bannerText },
    isPortfolio: persona.isPortfolio,
  };
}
