-- 0030's team_components_view is unused: the data API serves the team_components table and embeds the team
-- (select=*,team:team_id(id,name,icon)), so the view only duplicated that join.
DROP VIEW team_components_view;
