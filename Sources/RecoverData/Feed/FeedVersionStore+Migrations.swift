extension FeedVersionStore {
    /// The counters' table and its triggers: after each insert, update and delete of a row of a table the feed
    /// page reads, directly or through the participant's state, the counter of the row's participant is bumped
    /// (none when the row belongs to no participant's plan), or the shared row `*` for a table every feed shows.
    /// SQLite has three triggers per table, PostgreSQL one trigger and its function.
    ///
    /// The tables watched, and why: `care_patient`, `care_plan` and `care_contact` (the time zone: the days events
    /// fall on); `care_task_version` (tasks added on onboarding, by a study version, ended on withdrawal);
    /// `care_outcome` (answers saved, changed and deleted), `outcome_correction`; `survey_draft` and
    /// `survey_result` ("Continue" instead of "Start"); `consent_record` (signing and withdrawal: the re-consent
    /// gate); `account` (language, time zone, withdrawal); `health_upload` (the health card shows until the first
    /// upload); and shared by every feed, `study_contact`, `consent_document` and `study_version`.
    static let schema = SchemaArea(
        tables: [.keptByTriggers("feed_version")],
        migrations: [
            SchemaMigration(
                name: "feed-001-feed-version",
                sqlite: """
                    -- How often what each participant's feed shows has changed ('*': what every feed shares), bumped by
                    -- the triggers below in the transaction of the write; the feed page's ETag is made from it.
                    CREATE TABLE feed_version (
                        participant_id TEXT PRIMARY KEY NOT NULL,
                        version bigint NOT NULL
                    );
                    CREATE TRIGGER feed_version_care_patient_insert AFTER INSERT ON care_patient
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT NEW.id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_care_patient_update AFTER UPDATE ON care_patient
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT NEW.id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_care_patient_delete AFTER DELETE ON care_patient
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT OLD.id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_care_plan_insert AFTER INSERT ON care_plan
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT NEW.patient_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_care_plan_update AFTER UPDATE ON care_plan
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT NEW.patient_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_care_plan_delete AFTER DELETE ON care_plan
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT OLD.patient_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_care_contact_insert AFTER INSERT ON care_contact
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT (SELECT patient_id FROM care_plan WHERE id = NEW.care_plan_id) AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_care_contact_update AFTER UPDATE ON care_contact
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT (SELECT patient_id FROM care_plan WHERE id = NEW.care_plan_id) AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_care_contact_delete AFTER DELETE ON care_contact
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT (SELECT patient_id FROM care_plan WHERE id = OLD.care_plan_id) AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_care_task_version_insert AFTER INSERT ON care_task_version
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT (SELECT patient_id FROM care_plan WHERE id = NEW.care_plan_id) AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_care_task_version_update AFTER UPDATE ON care_task_version
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT (SELECT patient_id FROM care_plan WHERE id = NEW.care_plan_id) AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_care_task_version_delete AFTER DELETE ON care_task_version
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT (SELECT patient_id FROM care_plan WHERE id = OLD.care_plan_id) AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_care_outcome_insert AFTER INSERT ON care_outcome
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT (SELECT plan.patient_id FROM care_task_version AS task JOIN care_plan AS plan ON plan.id = task.care_plan_id WHERE task.version_id = NEW.task_version_id) AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_care_outcome_update AFTER UPDATE ON care_outcome
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT (SELECT plan.patient_id FROM care_task_version AS task JOIN care_plan AS plan ON plan.id = task.care_plan_id WHERE task.version_id = NEW.task_version_id) AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_care_outcome_delete AFTER DELETE ON care_outcome
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT (SELECT plan.patient_id FROM care_task_version AS task JOIN care_plan AS plan ON plan.id = task.care_plan_id WHERE task.version_id = OLD.task_version_id) AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_outcome_correction_insert AFTER INSERT ON outcome_correction
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT NEW.participant_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_outcome_correction_update AFTER UPDATE ON outcome_correction
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT NEW.participant_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_outcome_correction_delete AFTER DELETE ON outcome_correction
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT OLD.participant_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_survey_draft_insert AFTER INSERT ON survey_draft
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT NEW.patient_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_survey_draft_update AFTER UPDATE ON survey_draft
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT NEW.patient_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_survey_draft_delete AFTER DELETE ON survey_draft
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT OLD.patient_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_survey_result_insert AFTER INSERT ON survey_result
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT NEW.patient_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_survey_result_update AFTER UPDATE ON survey_result
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT NEW.patient_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_survey_result_delete AFTER DELETE ON survey_result
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT OLD.patient_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_consent_record_insert AFTER INSERT ON consent_record
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT NEW.patient_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_consent_record_update AFTER UPDATE ON consent_record
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT NEW.patient_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_consent_record_delete AFTER DELETE ON consent_record
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT OLD.patient_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_account_insert AFTER INSERT ON account
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT NEW.id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_account_update AFTER UPDATE ON account
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT NEW.id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_account_delete AFTER DELETE ON account
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT OLD.id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_health_upload_insert AFTER INSERT ON health_upload
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT NEW.participant_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_health_upload_update AFTER UPDATE ON health_upload
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT NEW.participant_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_health_upload_delete AFTER DELETE ON health_upload
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT OLD.participant_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_study_contact_insert AFTER INSERT ON study_contact
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT '*' AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_study_contact_update AFTER UPDATE ON study_contact
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT '*' AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_study_contact_delete AFTER DELETE ON study_contact
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT '*' AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_consent_document_insert AFTER INSERT ON consent_document
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT '*' AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_consent_document_update AFTER UPDATE ON consent_document
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT '*' AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_consent_document_delete AFTER DELETE ON consent_document
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT '*' AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_study_version_insert AFTER INSERT ON study_version
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT '*' AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_study_version_update AFTER UPDATE ON study_version
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT '*' AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;
                    CREATE TRIGGER feed_version_study_version_delete AFTER DELETE ON study_version
                    BEGIN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT '*' AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END;

                    """,
                postgres: """
                    -- How often what each participant's feed shows has changed ('*': what every feed shares), bumped by
                    -- the triggers below in the transaction of the write; the feed page's ETag is made from it.
                    CREATE TABLE feed_version (
                        participant_id text COLLATE "C" PRIMARY KEY NOT NULL,
                        version bigint NOT NULL
                    );
                    CREATE FUNCTION feed_version_care_patient() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                    IF TG_OP = 'DELETE' THEN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT OLD.id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    ELSE
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT NEW.id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END IF;
                    RETURN NULL;
                    END $$;
                    CREATE TRIGGER feed_version_care_patient AFTER INSERT OR UPDATE OR DELETE ON care_patient
                        FOR EACH ROW EXECUTE FUNCTION feed_version_care_patient();
                    CREATE FUNCTION feed_version_care_plan() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                    IF TG_OP = 'DELETE' THEN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT OLD.patient_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    ELSE
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT NEW.patient_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END IF;
                    RETURN NULL;
                    END $$;
                    CREATE TRIGGER feed_version_care_plan AFTER INSERT OR UPDATE OR DELETE ON care_plan
                        FOR EACH ROW EXECUTE FUNCTION feed_version_care_plan();
                    CREATE FUNCTION feed_version_care_contact() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                    IF TG_OP = 'DELETE' THEN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT (SELECT patient_id FROM care_plan WHERE id = OLD.care_plan_id) AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    ELSE
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT (SELECT patient_id FROM care_plan WHERE id = NEW.care_plan_id) AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END IF;
                    RETURN NULL;
                    END $$;
                    CREATE TRIGGER feed_version_care_contact AFTER INSERT OR UPDATE OR DELETE ON care_contact
                        FOR EACH ROW EXECUTE FUNCTION feed_version_care_contact();
                    CREATE FUNCTION feed_version_care_task_version() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                    IF TG_OP = 'DELETE' THEN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT (SELECT patient_id FROM care_plan WHERE id = OLD.care_plan_id) AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    ELSE
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT (SELECT patient_id FROM care_plan WHERE id = NEW.care_plan_id) AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END IF;
                    RETURN NULL;
                    END $$;
                    CREATE TRIGGER feed_version_care_task_version AFTER INSERT OR UPDATE OR DELETE ON care_task_version
                        FOR EACH ROW EXECUTE FUNCTION feed_version_care_task_version();
                    CREATE FUNCTION feed_version_care_outcome() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                    IF TG_OP = 'DELETE' THEN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT (SELECT plan.patient_id FROM care_task_version AS task JOIN care_plan AS plan ON plan.id = task.care_plan_id WHERE task.version_id = OLD.task_version_id) AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    ELSE
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT (SELECT plan.patient_id FROM care_task_version AS task JOIN care_plan AS plan ON plan.id = task.care_plan_id WHERE task.version_id = NEW.task_version_id) AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END IF;
                    RETURN NULL;
                    END $$;
                    CREATE TRIGGER feed_version_care_outcome AFTER INSERT OR UPDATE OR DELETE ON care_outcome
                        FOR EACH ROW EXECUTE FUNCTION feed_version_care_outcome();
                    CREATE FUNCTION feed_version_outcome_correction() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                    IF TG_OP = 'DELETE' THEN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT OLD.participant_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    ELSE
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT NEW.participant_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END IF;
                    RETURN NULL;
                    END $$;
                    CREATE TRIGGER feed_version_outcome_correction AFTER INSERT OR UPDATE OR DELETE ON outcome_correction
                        FOR EACH ROW EXECUTE FUNCTION feed_version_outcome_correction();
                    CREATE FUNCTION feed_version_survey_draft() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                    IF TG_OP = 'DELETE' THEN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT OLD.patient_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    ELSE
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT NEW.patient_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END IF;
                    RETURN NULL;
                    END $$;
                    CREATE TRIGGER feed_version_survey_draft AFTER INSERT OR UPDATE OR DELETE ON survey_draft
                        FOR EACH ROW EXECUTE FUNCTION feed_version_survey_draft();
                    CREATE FUNCTION feed_version_survey_result() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                    IF TG_OP = 'DELETE' THEN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT OLD.patient_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    ELSE
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT NEW.patient_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END IF;
                    RETURN NULL;
                    END $$;
                    CREATE TRIGGER feed_version_survey_result AFTER INSERT OR UPDATE OR DELETE ON survey_result
                        FOR EACH ROW EXECUTE FUNCTION feed_version_survey_result();
                    CREATE FUNCTION feed_version_consent_record() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                    IF TG_OP = 'DELETE' THEN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT OLD.patient_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    ELSE
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT NEW.patient_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END IF;
                    RETURN NULL;
                    END $$;
                    CREATE TRIGGER feed_version_consent_record AFTER INSERT OR UPDATE OR DELETE ON consent_record
                        FOR EACH ROW EXECUTE FUNCTION feed_version_consent_record();
                    CREATE FUNCTION feed_version_account() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                    IF TG_OP = 'DELETE' THEN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT OLD.id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    ELSE
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT NEW.id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END IF;
                    RETURN NULL;
                    END $$;
                    CREATE TRIGGER feed_version_account AFTER INSERT OR UPDATE OR DELETE ON account
                        FOR EACH ROW EXECUTE FUNCTION feed_version_account();
                    CREATE FUNCTION feed_version_health_upload() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                    IF TG_OP = 'DELETE' THEN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT OLD.participant_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    ELSE
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT NEW.participant_id AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END IF;
                    RETURN NULL;
                    END $$;
                    CREATE TRIGGER feed_version_health_upload AFTER INSERT OR UPDATE OR DELETE ON health_upload
                        FOR EACH ROW EXECUTE FUNCTION feed_version_health_upload();
                    CREATE FUNCTION feed_version_study_contact() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                    IF TG_OP = 'DELETE' THEN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT '*' AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    ELSE
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT '*' AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END IF;
                    RETURN NULL;
                    END $$;
                    CREATE TRIGGER feed_version_study_contact AFTER INSERT OR UPDATE OR DELETE ON study_contact
                        FOR EACH ROW EXECUTE FUNCTION feed_version_study_contact();
                    CREATE FUNCTION feed_version_consent_document() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                    IF TG_OP = 'DELETE' THEN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT '*' AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    ELSE
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT '*' AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END IF;
                    RETURN NULL;
                    END $$;
                    CREATE TRIGGER feed_version_consent_document AFTER INSERT OR UPDATE OR DELETE ON consent_document
                        FOR EACH ROW EXECUTE FUNCTION feed_version_consent_document();
                    CREATE FUNCTION feed_version_study_version() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                    IF TG_OP = 'DELETE' THEN
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT '*' AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    ELSE
                    INSERT INTO feed_version (participant_id, version)
                        SELECT owner, 1 FROM (SELECT '*' AS owner) AS bumped WHERE owner IS NOT NULL
                        ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
                    END IF;
                    RETURN NULL;
                    END $$;
                    CREATE TRIGGER feed_version_study_version AFTER INSERT OR UPDATE OR DELETE ON study_version
                        FOR EACH ROW EXECUTE FUNCTION feed_version_study_version();

                    """)
        ])
}
