/**
 * Spec §6 route guard rule: access needs at least one allowed permission and none of the excluded
 * ones; with no allowed list access is denied.
 */
export function hasAccess(
  permissions: readonly string[],
  allowed: readonly string[] | undefined,
  except: readonly string[] = [],
): boolean {
  if (!allowed || allowed.length === 0) return false;
  return (
    allowed.some((permission) => permissions.includes(permission)) &&
    !except.some((permission) => permissions.includes(permission))
  );
}

/** What the console message names when access is denied. */
export function deniedReason(
  permissions: readonly string[],
  allowed: readonly string[] | undefined,
  except: readonly string[] = [],
): string {
  if (!allowed || allowed.length === 0) return 'no permission is allowed on this route';
  const excluded = except.filter((permission) => permissions.includes(permission));
  if (excluded.length > 0) return `the user holds the excluded permission ${excluded.join(', ')}`;
  return `missing permission: one of ${allowed.join(', ')}`;
}
