#!/usr/bin/env bash
# Fails on high or critical advisories in the runtime (non-dev) dependencies.
# The npm registry's audit endpoint may be unreachable from CI machines; that is reported,
# not treated as a pass of the audit itself.
set -uo pipefail
out=$(npm audit --omit=dev --audit-level=high --json 2>&1)
rc=$?
if [ $rc -eq 0 ]; then echo "npm audit: no high or critical findings in runtime dependencies"; exit 0; fi
if grep -q '"vulnerabilities"' <<<"$out"; then
  echo "$out" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const m=JSON.parse(s).metadata.vulnerabilities;console.error("npm audit: runtime findings", JSON.stringify(m))})'
  exit 1
fi
echo "npm audit: the audit endpoint did not answer here; audit not performed (run 'npm audit --omit=dev' with a network)" >&2
exit 0
