#!/usr/bin/env bash
# Checks the messages of the commits on this branch since a base (for CI on a pull request):
#   a subject of at most 72 characters, then a blank line, then a body saying why.
# Usage: scripts/check-commit-messages.sh [base]   (default: main; merge commits are skipped)
# Older history predates the rule, hence a base rather than the whole log.
set -euo pipefail
cd "$(dirname "$0")/.."
base="${1:-main}"
if ! git rev-parse --verify --quiet "$base^{commit}" >/dev/null; then
  echo "check-commit-messages: unknown base '$base'" >&2
  exit 2
fi

failed=0
count=0
for sha in $(git rev-list --no-merges "$base..HEAD"); do
  count=$((count + 1))
  message="$(git log -1 --format=%B "$sha")"
  subject="$(printf '%s\n' "$message" | sed -n 1p)"
  second="$(printf '%s\n' "$message" | sed -n 2p)"
  body="$(printf '%s\n' "$message" | sed -n '3,$p' | grep -v '^[[:space:]]*$' | grep -v -E '^(Signed-off-by|Co-authored-by|Reviewed-by|Acked-by|Change-Id): ' || true)"
  problems=()
  [ "${#subject}" -le 72 ] || problems+=("subject has ${#subject} characters (at most 72)")
  [ -n "$subject" ] || problems+=("empty subject")
  [ -z "$second" ] || problems+=("no blank line after the subject")
  [ -n "$body" ] || problems+=("no body saying why")
  if [ "${#problems[@]}" -gt 0 ]; then
    failed=1
    echo "FAIL $(git log -1 --format='%h %s' "$sha" | cut -c1-90)" >&2
    for p in "${problems[@]}"; do echo "       $p" >&2; done
  fi
done
if [ "$failed" = 0 ]; then echo "ok   $count commit message(s) since $base"; fi
exit "$failed"
