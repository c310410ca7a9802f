-- Checks link to config items through their canary's `relationships.configs` selectors (one link row per
-- matching selector, selector_id = the selector's hash). A config's Checks tab and its badge show each live
-- check once, however many of its selectors match the item.
CREATE OR REPLACE VIEW check_summary_for_config AS
SELECT DISTINCT ON (r.config_id, c.id) r.config_id, c.id, c.canary_id, c.name, c.type, c.status, c.namespace, c.icon, c.last_runtime
FROM check_config_relationships r
JOIN checks c ON c.id = r.check_id
WHERE r.deleted_at IS NULL AND c.deleted_at IS NULL
ORDER BY r.config_id, c.id;

CREATE OR REPLACE VIEW config_detail AS
SELECT c.*, ci.config, ci.format, ci.properties,
       CASE WHEN s.id IS NULL THEN NULL ELSE jsonb_build_object('id', s.id, 'name', s.name) END AS config_scrapers,
       jsonb_build_object('id', ag.id, 'name', ag.name) AS agent,
       jsonb_build_object(
         'changes', ci.changes_count,
         'analysis', (SELECT count(*) FROM config_analysis a WHERE a.config_id = ci.id AND a.status = 'open'),
         'relationships', (SELECT count(*) FROM config_relationships r
                           JOIN config_items o ON o.id = CASE WHEN r.config_id = ci.id THEN r.related_id ELSE r.config_id END
                           WHERE (r.config_id = ci.id OR r.related_id = ci.id) AND r.deleted_at IS NULL AND o.deleted_at IS NULL)
                          + (SELECT count(*) FROM config_items k WHERE k.parent_id = ci.id AND k.deleted_at IS NULL)
                          + (SELECT count(*) FROM config_items p WHERE p.id = ci.parent_id AND p.deleted_at IS NULL),
         'playbook_runs', 0,
         'checks', (SELECT count(DISTINCT cr.check_id) FROM check_config_relationships cr
                    JOIN checks k ON k.id = cr.check_id
                    WHERE cr.config_id = ci.id AND cr.deleted_at IS NULL AND k.deleted_at IS NULL)
       ) AS summary
FROM configs c
JOIN config_items ci ON ci.id = c.id
LEFT JOIN config_scrapers s ON s.id = ci.scraper_id
LEFT JOIN agents ag ON ag.id = ci.agent_id;

-- Each sync of a canary remakes its links: find them by canary.
CREATE INDEX check_config_relationships_canary_idx ON check_config_relationships (canary_id) WHERE deleted_at IS NULL;
