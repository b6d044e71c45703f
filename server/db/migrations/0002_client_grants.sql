-- The seeded console client learns the SMS and social grants; a client the operator changed keeps its list.
UPDATE "blade_client" SET "authorized_grant_types" = 'refresh_token,password,captcha,sms,social'
WHERE "authorized_grant_types" = 'refresh_token,password,captcha';
