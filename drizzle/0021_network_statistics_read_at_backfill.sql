-- Custom SQL migration file, put your code below! --
-- Networks linked before statistics_read_at (0020) were read when last written: the statistics sweep
-- (packages/api/src/services/networks/statistics-sweep.ts) refreshes them once they are older than its age.
-- Networks added by name (snapchat, pinterest, tumblr, blog) have nothing to read and keep null.
UPDATE networks SET statistics_read_at = updated_at
WHERE statistics_read_at IS NULL AND type IN ('facebook', 'twitter', 'youtube', 'instagram');
