-- The Relationships badge of a config counts what its tab shows by default: links to live items only (the
-- tab hides deleted items unless asked), its live children, and its parent while that parent is live.
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
         'checks', (SELECT count(*) FROM check_config_relationships cr WHERE cr.config_id = ci.id AND cr.deleted_at IS NULL)
       ) AS summary
FROM configs c
JOIN config_items ci ON ci.id = c.id
LEFT JOIN config_scrapers s ON s.id = ci.scraper_id
LEFT JOIN agents ag ON ag.id = ci.agent_id;
