import { projectVolume, type ProjectVolume } from '../projects/volume';
import type { AreaServices } from './area';

const volumes = new WeakMap<AreaServices, ProjectVolume>();

/**
 * The bench's generated projects of one app (none without the option), one for every area of it:
 * the portfolio and the planner show the same projects.
 */
export function projectVolumeOf(services: AreaServices): ProjectVolume {
  let volume = volumes.get(services);
  if (!volume) {
    volume = projectVolume(services.volume.projects);
    volumes.set(services, volume);
  }
  return volume;
}
