"""The FHIR export checked by an external validator: fhir.resources' R4B models for structure and fhirpathpy
for invariants, on data made by `recover demo-data`. Also the records commands' verdicts on that data.

Builds nothing: runs the debug `.build/debug/recover` binary against temporary data folders.
"""

import base64
import json
import shutil
import sqlite3
import subprocess
import tempfile
from pathlib import Path

import pytest
from fhir.resources.R4B import get_fhir_model_class
from fhir.resources.R4B.bundle import Bundle
from fhirpathpy import evaluate as fhirpath
from fhirpathpy.models import models

import support

LOINC = "http://loinc.org"
UCUM = "http://unitsofmeasure.org"


def evaluate(resource, expression):
    """FHIRPath with the R4 model, so choice elements such as `value` resolve."""
    return fhirpath(resource, expression, {}, models["r4"])


def recover(*args):
    return subprocess.run([str(support.RECOVER), *args], capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def demo_folder():
    folder = Path(tempfile.mkdtemp(prefix="recover-fhir-"))
    data = folder / "data"
    result = recover("demo-data", "--participants", "5", "--days", "30", "--seed", "7", "--data-dir", str(data))
    assert result.returncode == 0, result.stderr
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def bundle(demo_folder):
    out = demo_folder / "bundle.json"
    result = recover("export", "--format", "fhir", "--out", str(out), "--data-dir", str(demo_folder / "data"))
    assert result.returncode == 0, result.stderr
    return json.loads(out.read_text())


def resources(bundle, kind):
    return [entry["resource"] for entry in bundle["entry"] if entry["resource"]["resourceType"] == kind]


def test_the_bundle_and_every_resource_validate_against_the_r4b_models(bundle):
    Bundle.model_validate(bundle)
    for entry in bundle["entry"]:
        resource = entry["resource"]
        get_fhir_model_class(resource["resourceType"]).model_validate(resource)
    kinds = {entry["resource"]["resourceType"] for entry in bundle["entry"]}
    assert kinds == {
        "Questionnaire", "Patient", "CarePlan", "Observation", "QuestionnaireResponse", "Consent", "Provenance"}
    assert bundle["type"] == "collection"


def test_bundle_invariants_hold(bundle):
    assert evaluate(bundle, "Bundle.entry.all(fullUrl.exists() and resource.exists())") == [True]
    assert evaluate(bundle, "Bundle.entry.fullUrl.isDistinct()") == [True]
    assert evaluate(bundle, "Bundle.entry.resource.id.isDistinct()") == [True]
    urls = set(evaluate(bundle, "Bundle.entry.fullUrl"))
    references = evaluate(bundle, "Bundle.entry.resource.descendants().reference")
    assert references and set(references) <= urls, "every reference resolves inside the bundle"


def test_observations_carry_the_study_codes_and_units(bundle):
    observations = resources(bundle, "Observation")
    pain = [o for o in observations if evaluate(o, "code.coding.where(system='%s' and code='72514-3').exists()" % LOINC) == [True]]
    sleep = [o for o in observations if evaluate(o, "code.coding.where(system='%s' and code='93832-4').exists()" % LOINC) == [True]]
    motion = [o for o in observations if evaluate(o, "code.coding.where(code='range').exists()") == [True]]
    assert pain and sleep and motion
    for o in pain:
        assert evaluate(o, "value.ofType(integer).exists() and value >= 0 and value <= 10") == [True]
    for o in sleep:
        assert evaluate(o, "valueQuantity.system = '%s' and valueQuantity.code = 'h' and valueQuantity.value <= 24" % UCUM) == [True]
    for o in motion:
        assert evaluate(o, "valueQuantity.system = '%s' and valueQuantity.code = 'deg'" % UCUM) == [True]
    for o in observations:
        # obs-6 and obs-7 of the FHIR Observation resource, and a subject that is one of the bundle's patients.
        assert evaluate(o, "value.exists()") == [True]
        assert evaluate(o, "dataAbsentReason.empty() or value.empty()") == [True]
        assert evaluate(o, "value.empty() or component.code.where(coding.intersect(%resource.code.coding).exists()).empty()") == [True]
        assert evaluate(o, "status = 'final' and subject.reference.startsWith('urn:uuid:')") == [True], "no corrections in demo data"


def test_recovery_trends_are_visible_in_the_exported_values(bundle):
    observations = resources(bundle, "Observation")

    def mean(code, first):
        values = []
        for o in observations:
            if evaluate(o, "code.coding.code") [:1] != [code]:
                continue
            value = o.get("valueInteger", o.get("valueQuantity", {}).get("value"))
            values.append((o["effectiveDateTime"], value))
        values.sort()
        part = values[: len(values) // 3] if first else values[-(len(values) // 3):]
        return sum(v for _, v in part) / len(part)

    assert mean("72514-3", True) > mean("72514-3", False), "pain goes down"
    assert mean("93832-4", True) < mean("93832-4", False), "sleep goes up"
    assert mean("range", True) < mean("range", False), "range of motion goes up"


def test_questionnaire_responses_are_completed_answers(bundle):
    responses = resources(bundle, "QuestionnaireResponse")
    assert responses
    for response in responses:
        assert evaluate(response, "status = 'completed' and authored.exists() and subject.exists()") == [True]
        # qrs-1: an item has answers or nested items, never both.
        assert evaluate(response, "item.all((answer.exists() and item.exists()).not())") == [True]
    checkins = [r for r in responses if r["questionnaire"] == BASE + "/Questionnaire/checkin|1"]
    assert checkins and all(evaluate(r, "item.linkId contains 'checkin.form.pain'") == [True] for r in checkins)


BASE = "http://recover.local/fhir"
SURVEYS = [s["id"] for s in json.loads(
    (Path(__file__).resolve().parent.parent / "Sources/Recover/Study/recover.study.json").read_text())["surveys"]]


def link_ids(items):
    for item in items:
        yield item["linkId"]
        yield from link_ids(item.get("item", []))


def test_a_questionnaire_per_survey_of_the_study_with_its_canonical(bundle):
    questionnaires = resources(bundle, "Questionnaire")
    assert sorted(q["url"] for q in questionnaires) == sorted(BASE + "/Questionnaire/" + s for s in SURVEYS)
    for q in questionnaires:
        get_fhir_model_class("Questionnaire").model_validate(q)
        assert q["version"] == "1" and q["status"] == "active" and q["language"] == "en"
        # que-1 (a group has items, a display none), que-2 (linkIds unique), que-6 (no required display),
        # que-9 (a read-only display is not), que-12 (several enableWhen need enableBehavior).
        assert evaluate(q, "descendants().where(type = 'group').all(item.exists())") == [True]
        assert evaluate(q, "descendants().where(type = 'display').all(item.empty() or item.all(type = 'display'))") == [True]
        assert evaluate(q, "descendants().linkId.isDistinct()") == [True]
        assert evaluate(q, "descendants().where(type = 'display').all(required.empty())") == [True]
        assert evaluate(q, "descendants().where(enableWhen.count() > 1).all(enableBehavior.exists())") == [True]
    [checkin] = [q for q in questionnaires if q["url"].endswith("/checkin")]
    [form] = checkin["item"]
    assert form["type"] == "group" and form["required"] is True
    pain = [i for i in form["item"] if i["linkId"] == "checkin.form.pain"][0]
    assert pain["type"] == "integer" and pain["required"] is True
    assert evaluate(pain, "extension.where(url = 'http://hl7.org/fhir/StructureDefinition/minValue').valueInteger") == [1]
    assert evaluate(pain, "extension.where(url = 'http://hl7.org/fhir/StructureDefinition/maxValue').valueInteger") == [10]


def test_every_response_points_at_a_questionnaire_in_the_bundle_holding_its_items(bundle):
    by_canonical = {q["url"] + "|" + q["version"]: q for q in resources(bundle, "Questionnaire")}
    for response in resources(bundle, "QuestionnaireResponse"):
        questionnaire = by_canonical[response["questionnaire"]]
        known = set(link_ids(questionnaire["item"]))
        assert set(link_ids(response.get("item", []))) <= known, response["questionnaire"]


def test_each_participant_has_a_care_plan_of_their_tasks(bundle):
    plans = resources(bundle, "CarePlan")
    patients = {"urn:uuid:" + p["id"] for p in resources(bundle, "Patient")}
    canonicals = {q["url"] + "|" + q["version"] for q in resources(bundle, "Questionnaire")}
    assert len(plans) == 5 and {p["subject"]["reference"] for p in plans} == patients
    for plan in plans:
        get_fhir_model_class("CarePlan").model_validate(plan)
        assert plan["status"] == "active" and plan["intent"] == "plan"
        details = [a["detail"] for a in plan["activity"]]
        # cpl-3: an activity has a detail or a reference, not both.
        assert evaluate(plan, "activity.all(detail.empty() or reference.empty())") == [True]
        assert {d["instantiatesCanonical"][0] for d in details} <= canonicals
        assert BASE + "/Questionnaire/checkin|1" in {d["instantiatesCanonical"][0] for d in details}
        daily = [d for d in details if d["instantiatesCanonical"][0].endswith("/checkin|1")][0]
        assert daily["kind"] == "Task" and daily["status"] == "scheduled"
        assert daily["scheduledTiming"]["repeat"]["periodUnit"] == "d"
        assert daily["scheduledTiming"]["repeat"]["period"] == 1


def test_each_consent_has_a_provenance_carrying_the_drawn_and_the_server_signature(bundle):
    consents = resources(bundle, "Consent")
    provenances = resources(bundle, "Provenance")
    assert len(consents) == 5 and len(provenances) == 5
    for consent in consents:
        assert evaluate(consent, "policy.exists() or policyRule.exists()") == [True]  # ppc-1
        assert evaluate(consent, "patient.exists() and scope.coding.code = 'research'") == [True]
        url = "urn:uuid:" + consent["id"]
        [provenance] = [p for p in provenances if evaluate(p, "target.reference") == [url]]
        drawn = evaluate(provenance, "signature.where(sigFormat = 'image/png').data")
        assert len(drawn) == 1 and base64.b64decode(drawn[0]).startswith(b"\x89PNG\r\n\x1a\n")
        server = evaluate(provenance, "signature.where(who.identifier.system = 'urn:recover:signing-key').data")
        assert len(server) == 1 and len(base64.b64decode(server[0])) == 64


HEALTH_DAYS = [
    # (day, HealthKit type, total, minimum, mean, maximum, reading count)
    ("2026-10-25", "HKQuantityTypeIdentifierStepCount", 8000, None, None, None, None),
    ("2026-10-25", "HKQuantityTypeIdentifierDistanceWalkingRunning", 5400.5, None, None, None, None),
    ("2026-10-25", "HKQuantityTypeIdentifierActiveEnergyBurned", 410, None, None, None, None),
    ("2026-10-25", "HKQuantityTypeIdentifierBasalEnergyBurned", 1600, None, None, None, None),
    ("2026-10-25", "HKQuantityTypeIdentifierHeartRate", None, 50, 70.5, 150, 300),
    ("2026-10-25", "HKQuantityTypeIdentifierBloodPressureSystolic", None, 110, 118, 125, 2),
    ("2026-10-25", "HKQuantityTypeIdentifierBloodPressureDiastolic", None, 70, 75, 80, 2),
    ("2026-10-25", "HKCategoryTypeIdentifierSleepAnalysis", 26000, None, None, None, None),
]


@pytest.fixture(scope="module")
def health_bundle(demo_folder):
    """The demo study with one participant's Apple Health daily figures of every type, exported as FHIR."""
    data = demo_folder / "health"
    shutil.copytree(demo_folder / "data", data)
    with sqlite3.connect(data / "recover.sqlite") as db:
        [(participant,)] = db.execute(
            "SELECT id FROM account WHERE role = 'participant' ORDER BY created_at, id LIMIT 1").fetchall()
        db.execute("UPDATE account SET time_zone = 'Europe/London' WHERE id = ?", (participant,))
        db.execute(
            "INSERT INTO health_import (id, participant_id, imported_at, records_read, records_kept, skipped, "
            "days_stored, samples_stored) VALUES ('import-1', ?, '2026-11-30T10:00:00.000Z', 8, 8, X'7B7D', 1, 0)",
            (participant,))
        for day, kind, total, minimum, mean, maximum, count in HEALTH_DAYS:
            db.execute(
                "INSERT INTO health_daily (participant_id, local_day, health_type, id, total, minimum, mean, maximum, "
                "reading_count, import_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'import-1')",
                (participant, day, kind, f"{participant}/{day}/{kind}", total, minimum, mean, maximum, count))
    out = demo_folder / "health.json"
    result = recover("export", "--format", "fhir", "--out", str(out), "--data-dir", str(data))
    assert result.returncode == 0, result.stderr
    return json.loads(out.read_text()), participant


def test_health_figures_are_valid_observations_with_loinc_ucum_and_the_local_day(health_bundle):
    bundle, participant = health_bundle
    Bundle.model_validate(bundle)
    health = [o for o in resources(bundle, "Observation") if "effectivePeriod" in o]
    assert len(health) == len(HEALTH_DAYS)
    expected_loinc = {
        "HKQuantityTypeIdentifierStepCount": ("41950-7", "{steps}/d", "activity"),
        "HKQuantityTypeIdentifierDistanceWalkingRunning": (None, "m/d", "activity"),
        "HKQuantityTypeIdentifierActiveEnergyBurned": ("41981-2", "kcal/d", "activity"),
        "HKQuantityTypeIdentifierBasalEnergyBurned": (None, "kcal/d", "activity"),
        "HKQuantityTypeIdentifierHeartRate": ("8867-4", "/min", "vital-signs"),
        "HKQuantityTypeIdentifierBloodPressureSystolic": ("8480-6", "mm[Hg]", "vital-signs"),
        "HKQuantityTypeIdentifierBloodPressureDiastolic": ("8462-4", "mm[Hg]", "vital-signs"),
        "HKCategoryTypeIdentifierSleepAnalysis": ("93832-4", "h", "activity"),
    }
    for o in health:
        get_fhir_model_class("Observation").model_validate(o)
        [kind] = evaluate(o, "code.coding.where(system = 'urn:recover:healthkit-type').code")
        loinc, unit, category = expected_loinc[kind]
        assert evaluate(o, "code.coding.where(system = '%s').code" % LOINC) == ([loinc] if loinc else [])
        assert evaluate(o, "valueQuantity.system = '%s' and valueQuantity.code = '%s'" % (UCUM, unit)) == [True]
        assert evaluate(o, "category.coding.code") == [category]
        # obs-6, obs-7, and a subject that is one of the bundle's patients.
        assert evaluate(o, "dataAbsentReason.empty() or value.empty()") == [True]
        obs7 = "value.empty() or component.code.where(coding.intersect(%resource.code.coding).exists()).empty()"
        assert fhirpath(o, obs7, {"resource": o}, models["r4"]) == [True]
        assert evaluate(o, "status = 'final' and subject.reference.startsWith('urn:uuid:')") == [True], "no corrections in demo data"
        assert "Apple Health export" in o["method"]["text"]
        # 2026-10-25 is the day London's clocks go back: the day starts at +01:00 and ends at +00:00.
        night = kind == "HKCategoryTypeIdentifierSleepAnalysis"
        assert o["effectivePeriod"] == (
            {"start": "2026-10-24T18:00:00+01:00", "end": "2026-10-25T18:00:00+00:00"} if night
            else {"start": "2026-10-25T00:00:00+01:00", "end": "2026-10-26T00:00:00+00:00"})
        if kind in ("HKQuantityTypeIdentifierHeartRate", "HKQuantityTypeIdentifierBloodPressureSystolic"):
            assert evaluate(o, "component.code.coding.code") == ["minimum", "maximum", "reading-count"]
            assert evaluate(o, "component.where(code.coding.code = 'minimum').valueQuantity.value < valueQuantity.value") == [True]
    assert participant not in json.dumps(bundle)


def test_the_export_is_pseudonymous(bundle, demo_folder):
    text = json.dumps(bundle)
    assert "example.invalid" not in text
    with sqlite3.connect(demo_folder / "data" / "recover.sqlite") as db:
        ids = [row[0] for row in db.execute("SELECT id FROM account WHERE role = 'participant'")]
    assert len(ids) == 5 and not any(account_id in text for account_id in ids)
    assert len(resources(bundle, "Patient")) == 5


def test_audit_and_consent_verification_say_ok_until_a_record_is_changed(demo_folder):
    source = demo_folder / "data"
    data = demo_folder / "tampered"
    shutil.copytree(source, data)
    audit = recover("audit", "verify", "--data-dir", str(data))
    assert audit.returncode == 0 and audit.stdout.startswith("ok ") and " records match the trail\n" in audit.stdout
    consent = recover("consent", "verify", "--data-dir", str(data))
    assert consent.returncode == 0 and consent.stdout.count(": ok\n") == 5
    with sqlite3.connect(data / "recover.sqlite") as db:
        [(record_id,)] = db.execute("SELECT id FROM consent_record ORDER BY id LIMIT 1").fetchall()
        db.execute("DROP TRIGGER consent_record_no_update")
        db.execute("UPDATE consent_record SET printed_name = 'Someone Else' WHERE id = ?", (record_id,))
        db.execute("DROP TRIGGER audit_entry_no_update")
        db.execute("UPDATE audit_entry SET actor = 'mallory' WHERE sequence = 3")
    consent = recover("consent", "verify", "--data-dir", str(data))
    assert consent.returncode == 1
    assert f"consent {record_id} participant" in consent.stdout and "altered: printed name" in consent.stdout
    audit = recover("audit", "verify", "--data-dir", str(data))
    assert audit.returncode == 1 and audit.stdout.startswith("broken at entry 3:")


@pytest.mark.parametrize(
    "args, code",
    [
        (["--format", "xml"], 64),
        (["--format", "csv", "--from", "2026-02-30"], 64),
        (["--format", "csv", "--from", "2026-03-10", "--to", "2026-03-01"], 64),
        (["--format", "fhir", "--participant", "no-such-participant"], 66),
    ],
)
def test_bad_input_is_refused_and_leaves_no_file(demo_folder, args, code):
    out = demo_folder / "refused.out"
    result = recover("export", *args, "--out", str(out), "--data-dir", str(demo_folder / "data"))
    assert result.returncode == code and result.stderr.startswith("error: ")
    assert not out.exists()
    assert not [p for p in demo_folder.iterdir() if ".partial-" in p.name]


def test_a_folder_that_is_not_recovers_is_refused(tmp_path):
    (tmp_path / "recover.sqlite").write_text("not a database")
    out = tmp_path / "out.json"
    result = recover("export", "--format", "json", "--out", str(out), "--data-dir", str(tmp_path))
    assert result.returncode == 65 and "not a Recover database" in result.stderr
    assert not out.exists()


def test_a_corrected_value_is_an_amended_observation_keeping_the_entered_value(demo_folder):
    """A staff correction (inserted as the console stores one) makes the Observation `amended` with the
    corrected value and a note keeping the participant's value and the reason; it still validates."""
    data = demo_folder / "corrected"
    shutil.copytree(demo_folder / "data", data)
    database = sqlite3.connect(data / "recover.sqlite")
    outcome, participant, entered = database.execute(
        """
        SELECT o.id, p.patient_id, json_extract(v.value, '$.content.integer')
        FROM care_outcome AS o JOIN care_task_version AS t ON t.version_id = o.task_version_id
        JOIN care_plan AS p ON p.id = t.care_plan_id JOIN json_each(o.values_json) AS v
        WHERE json_extract(v.value, '$.kind') = 'checkin.form.pain' AND o.deleted_at IS NULL LIMIT 1
        """
    ).fetchone()
    corrected = 1 if entered != 1 else 2
    database.execute(
        """
        INSERT INTO outcome_correction (id, outcome_id, participant_id, value_kind, old_value, new_value, reason,
        staff_id, corrected_at) VALUES ('c-1', ?, ?, 'checkin.form.pain', ?, ?, 'slider slipped', 'staff-1',
        '2026-12-01T10:00:00.000Z')
        """,
        (outcome, participant, entered, corrected),
    )
    database.commit()
    database.close()
    out = demo_folder / "corrected.json"
    result = recover("export", "--format", "fhir", "--out", str(out), "--data-dir", str(data))
    assert result.returncode == 0, result.stderr
    bundle = json.loads(out.read_text())
    Bundle.model_validate(bundle)
    amended = [o for o in resources(bundle, "Observation") if o["status"] == "amended"]
    assert len(amended) == 1
    get_fhir_model_class("Observation").model_validate(amended[0])
    assert amended[0]["valueInteger"] == corrected
    assert amended[0]["note"] == [
        {"text": "Entered by the participant as %d; corrected to %d: slider slipped" % (entered, corrected)}
    ]
