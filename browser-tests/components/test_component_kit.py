"""component-kit.js, the helpers every component module imports: the submit gate kept in the form's
data-gate-pending, announcements in a live region, and {name} templates."""

from selenium.webdriver.common.by import By

KIT = "/assets/study/js/component-kit.js"


def find(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector)


def run(driver, body):
    """Runs `body` with the module as `kit` and the page's elements at hand; returns what it `done`s."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f"import('{KIT}').then((kit) => {{ {body} }}).catch((error) => done({{error: String(error)}}));"
    )


def test_the_kit_loads_under_the_policy(component_open, component_axe, component_page_problems):
    component_open("component-kit.html")
    assert component_axe() == []
    assert component_page_problems() == []


def test_the_gate_disables_the_forms_gated_buttons_while_any_key_is_pending(component_open):
    driver = component_open("component-kit.html")
    states = run(driver, """
        const form = document.getElementById('gated');
        const gated = form.querySelector('[data-gated]');
        const later = form.querySelector('[formaction]');
        const outside = document.querySelector('[data-outside]');
        const state = () => ({pending: form.dataset.gatePending, gated: gated.disabled,
                              later: later.disabled, outside: outside.disabled});
        const states = [];
        kit.setComplete(null, 'nothing-1', false);  // no form: nothing happens
        kit.setComplete(form, 'signature-1', false);
        kit.setComplete(form, 'scale-1', false);
        kit.setComplete(form, 'scale-1', false);
        states.push(state());
        kit.setComplete(form, 'signature-1', true);
        states.push(state());
        kit.setComplete(form, 'scale-1', true);
        states.push(state());
        // A key another module (or another copy of the kit) wrote is honoured: the list is the state.
        form.dataset.gatePending = 'rom-1';
        kit.setComplete(form, 'scale-1', true);
        states.push(state());
        done(states);
    """)
    assert states == [
        {"pending": "signature-1 scale-1", "gated": True, "later": False, "outside": False},
        {"pending": "scale-1", "gated": True, "later": False, "outside": False},
        {"pending": "", "gated": False, "later": False, "outside": False},
        {"pending": "rom-1", "gated": True, "later": False, "outside": False},
    ]


def test_announce_empties_the_live_region_before_it_writes_so_a_repeat_is_heard(component_open):
    driver = component_open("component-kit.html")
    result = run(driver, """
        const region = document.querySelector('[data-status]');
        kit.announce(null, 'Nowhere.');  // no region: nothing happens
        kit.announce(region, 'Signature drawn.');
        const observer = new MutationObserver(() => {});
        observer.observe(region, {childList: true});
        kit.announce(region, 'Signature drawn.');
        const records = observer.takeRecords().map((r) => [r.removedNodes.length, r.addedNodes.length]);
        observer.disconnect();
        done({text: region.textContent, records});
    """)
    assert result == {"text": "Signature drawn.", "records": [[1, 0], [0, 1]]}


def test_format_fills_placeholders_and_keeps_or_blanks_the_unknown_ones(component_open):
    driver = component_open("component-kit.html")
    result = run(driver, """
        done([
            kit.format('Selected: {parts}', {parts: 'Kneecap, Calf'}),
            kit.format('{count} / {max}', {count: 0, max: 280, remaining: 280}),
            kit.format('{a}{a} and {unknown}', {a: 'x'}),
            kit.format('{level} dBA', {level: '$&'}),
            kit.format('{seconds} s left{suffix}', {seconds: 3}, {missing: ''}),
            kit.format('{none} {empty}', {none: null}, {missing: '?'}),
            kit.format('no placeholders', {}),
        ]);
    """)
    assert result == [
        "Selected: Kneecap, Calf",
        "0 / 280",
        "xx and {unknown}",
        "$& dBA",
        "3 s left",
        "? ?",
        "no placeholders",
    ]
