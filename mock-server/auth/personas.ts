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
  risk_action_requests_counter: number;
  available_checklists_counter: number;
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

export function toCurrentUser(persona: Persona, bannerText: string): CurrentUser {
  return {
    id: persona.userId,
    name: persona.name,
    login: persona.login,
    permissions: [...persona.permissions],
    risk_action_requests_counter: persona.risk_action_requests_counter,
    available_checklists_counter: persona.available_checklists_counter,
    banner: { isHideBanner: false, text: bannerText },
    isPortfolio: persona.isPortfolio,
  };
}
