-- Unused uploads are deleted after a grace period (src/uploads/upload-cleanup.ts). An upload is in use
-- while a profile's photo url ends in /uploads/<its file name>: that name, taken from the url by one
-- function, is indexed so the check is a lookup; uploads are picked by age.
CREATE FUNCTION upload_file_name_of(url text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN substring(url from '/uploads/([0-9a-f]{32}\.[a-z]+)$');

CREATE INDEX consumers_profile_photo_file_idx ON consumers (upload_file_name_of(profile_photo_url));
CREATE INDEX uploads_created_at_idx ON uploads (created_at);
