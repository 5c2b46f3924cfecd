/**
 * States of the project checklists, on the seed: pm has checklist 1 available and 2 in progress
 * (with a PDF on its first item) and 5 submitted; qcl has 8 available; admin 13 available and 15
 * submitted. Each signs a persona in and returns `accessToken` and the ids the paths inject:
 * `checklistId`, `itemId` (its first item), `fileId`, `otherChecklistId` (someone else's) and
 * `finalChecklistId` (a submitted one of the same person).
 */
export const CHECKLIST_STATES = {
  pm: 'persona pm has an available checklist, one in progress with a file, and a submitted one',
  pmComplete: 'persona pm has answered every item of an in-progress checklist',
  admin: 'persona admin has an available checklist and a submitted one',
  qclReadOnly: 'persona qcl may only view its checklists',
  expertWithout: 'persona expert is signed in without the checklist flags',
} as const;
