"""The pages' JavaScript is native ES modules (issue 21), served as it is (no build step):
every page loads one <script type="module">, each file imports what it uses from the file that
exports it, and no file shares a global with another: nothing put on `window` or `globalThis`
for another file, no bare name another file defines, no `typeof name === "function"` probe.
Django's JavaScript catalog stays a classic script (Django generates it); static/i18n.js is the
one module that reads it. WhiteNoise serves every module as JavaScript, which browsers require.

The checks read the files with a small tokenizer (strings, comments, template literals and
regular expressions set apart), not a JavaScript parser: enough for the house's plain code.
"""

import functools
import re
from pathlib import Path

import pytest
from django.contrib.staticfiles.storage import ManifestStaticFilesStorage
from django.core.files.storage import storages
from django.templatetags.static import static

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"
TEMPLATES = ROOT / "templates"
SCRIPTS = sorted(STATIC.rglob("*.js"))
CATALOG = (
    "gettext",
    "ngettext",
    "pgettext",
    "npgettext",
    "interpolate",
    "get_format",
    "gettext_noop",
    "pluralidx",
    "django",
)
NAME = r"[A-Za-z_$][\w$]*"


def code_of(source: str) -> str:
    """The source with comments, strings and regular expressions blanked (each kept as a space
    or as empty quotes) and template literals reduced to their ${…} expressions."""
    out, i, n = [], 0, len(source)
    last = ""  # the last significant character of code: tells a regular expression from a division

    def skip_quoted(start: int, quote: str) -> int:
        j = start + 1
        while j < n and source[j] != quote:
            j += 2 if source[j] == "\\" else 1
        return j + 1

    def template(start: int) -> int:  # from after the opening backtick to after the closing one
        j = start
        while j < n and source[j] != "`":
            if source[j] == "\\":
                j += 2
            elif source.startswith("${", j):
                out.append(" (")
                j = expression(j + 2)
                out.append(") ")
            else:
                j += 1
        return j + 1

    def expression(start: int) -> int:  # code up to the `}` closing a ${…}; returns after it
        nonlocal i
        depth, i = 0, start
        while i < n:
            if source[i] == "}" and depth == 0:
                return i + 1
            depth += {"{": 1, "}": -1}.get(source[i], 0)
            step()
        return i

    def step() -> None:
        nonlocal i, last
        c = source[i]
        if source.startswith("//", i):
            i = source.find("\n", i) if "\n" in source[i:] else n
        elif source.startswith("/*", i):
            i = source.index("*/", i) + 2
            out.append(" ")
        elif c in "\"'":
            i = skip_quoted(i, c)
            out.append('""')
            last = '"'
        elif c == "`":
            out.append('""')
            i = template(i + 1)
            last = '"'
        elif c == "/" and (
            last in "(,=:[!&|?{};+-*%<>~^" or re.search(r"\b(return|typeof|case)\s*$", "".join(out[-3:]))
        ):
            j, in_class = i + 1, False  # a regular expression literal
            while j < n and (source[j] != "/" or in_class):
                if source[j] == "\\":
                    j += 1
                elif source[j] == "[":
                    in_class = True
                elif source[j] == "]":
                    in_class = False
                j += 1
            i = j + 1
            while i < n and source[i].isalpha():  # its flags
                i += 1
            out.append('""')
            last = '"'
        else:
            out.append(c)
            if not c.isspace():
                last = c
            i += 1

    while i < n:
        step()
    return "".join(out)


def imports_of(code: str) -> dict[str, list[str]]:
    """{module: the local names it imports} (a bare `import "x"`: none). From code_of's text the
    module paths are blanked: import_sources reads them."""
    found = {}
    for names, module in re.findall(r'^import\s+(?:\{([^}]*)\}\s*from\s+)?"([^"]*)"', code, re.M):
        found.setdefault(module, []).extend(part.split(" as ")[-1].strip() for part in names.split(",") if part.strip())
    return found


def import_sources(path: Path) -> dict[str, list[str]]:
    """imports_of, with the module paths read from the source (code_of blanks strings)."""
    found = {}
    for names, module in re.findall(r'^import\s+(?:\{([^}]*)\}\s*from\s+)?"([^"]+)";', path.read_text(), re.M):
        found.setdefault(module, []).extend(part.split(" as ")[0].strip() for part in names.split(",") if part.strip())
    return found


def exports_of(code: str) -> set[str]:
    found = set(re.findall(rf"^export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+({NAME})", code, re.M))
    for names in re.findall(r"^export\s*\{([^}]*)\}", code, re.M):
        found |= {part.split(" as ")[-1].strip() for part in names.split(",") if part.strip()}
    return found


def top_level_names(code: str) -> set[str]:
    """The names a file declares at its top level (a line that starts with the declaration)."""
    return set(re.findall(rf"^(?:export\s+)?(?:async\s+)?(?:function\*?|const|let|var|class)\s+({NAME})", code, re.M))


def declared_names(code: str) -> set[str]:
    """Every name the file declares anywhere: variables, functions, classes, parameters, catch
    bindings and destructured names (scopes ignored: a name declared anywhere counts)."""
    found = set(re.findall(rf"\b(?:function\*?|class|const|let|var|catch\s*\()\s*({NAME})", code))
    for pattern in (
        r"\b(?:const|let|var)\s*[{\[]([^=]*?)[}\]]\s*=",
        r"\(([^()]*)\)\s*=>",
        rf"\b(?!(?:if|for|while|switch|with)\b){NAME}\s*\(([^()]*)\)\s*\{{",
        r"\bfunction\s*\*?\s*\(([^()]*)\)",
        r"\bfor\s*\(\s*(?:const|let|var)\s*[{\[]([^}\]]*)[}\]]",
    ):
        for group in re.findall(pattern, code):
            found |= set(re.findall(rf"(?<![.\w$]){NAME}(?=\s*(?:[,=}}\]]|$))", group.strip()))
            found |= set(re.findall(rf":\s*({NAME})", group))
    found |= set(re.findall(rf"(?<![.\w$])({NAME})\s*=>", code))
    return found


def bare_uses(code: str) -> set[str]:
    """Names used as themselves: not a property (`x.name`), not an object key (`{ name: 1 }`);
    a shorthand property (`{ name }`) uses the name."""
    found = set()
    for match in re.finditer(rf"(?<![.\w$]){NAME}(?![\w$])", code):
        after = re.match(r"\s*(.?)", code[match.end() : match.end() + 40]).group(1)
        before = re.search(r"(.?)\s*$", code[max(0, match.start() - 40) : match.start()]).group(1)
        if not (after == ":" and before in ("{", ",")):
            found.add(match.group())
    return found


def shared_globals(code: str) -> list[str]:
    """Assignments to window.* / globalThis.* (and window["…"]): a global for another file."""
    return re.findall(rf"\b(?:window|globalThis|self)\s*(?:\.\s*{NAME}|\[[^\]]*\])\s*(?:=(?!=)|\+=|\|\|=|\?\?=)", code)


def typeof_probes(code: str) -> list[str]:
    """`typeof name === "function"` (or "object", "undefined", !==, ==) on a bare name the file
    does not declare itself: a probe for another file's global. A declared one (a parameter
    that may be a function or a value) is the file's own business."""
    own = declared_names(code)
    imported = {name for names in imports_of(code).values() for name in names}
    return [
        name
        for name in re.findall(rf"\btypeof\s+({NAME})(?![\w$.\[])\s*[!=]==?\s*\"\"", code)
        if name not in own or name in imported
    ]


@functools.cache
def module_scripts() -> dict[Path, str]:
    return {path: code_of(path.read_text()) for path in SCRIPTS}


# The checks find what they look for ---------------------------------------------------------


def test_the_tokenizer_keeps_code_and_blanks_strings_comments_and_regular_expressions():
    code = code_of(
        'const a = "x.y = 1"; // window.z = 2\nconst r = /[/"]y$/g; const t = `a ${b + c} d`; /* e */ f(a / 2);'
    )
    assert "window" not in code and "x.y" not in code and "[/" not in code
    assert "b + c" in code and "f(a / 2)" in code


def test_the_checks_find_a_shared_global_a_typeof_probe_and_a_name_from_another_file():
    code = code_of(
        'window.floorPage = floorPage; globalThis["x"] = 1;\n'
        'if (typeof absentSeats === "function") absentSeats();\n'
        'function f(done) { return typeof done === "function" ? done() : done; }\n'
    )
    assert len(shared_globals(code)) == 2
    assert typeof_probes(code) == ["absentSeats"]
    assert "absentSeats" in bare_uses(code) and "absentSeats" not in declared_names(code)
    assert {"done", "f"} <= declared_names(code)
    assert "absentSeats" not in bare_uses(code_of("const box = { absentSeats: 1 }; box.absentSeats;"))
    assert imports_of(code_of('import { a, b as c } from "./x.js";\nimport "./y.js";')) == {"": ["a", "c"]}


def test_the_template_check_finds_a_classic_script_and_an_inline_one():
    page = (
        "<script src=\"{% url 'javascript_catalog' %}\"></script><script src=\"{% static 'api.js' %}\"></script>"
        '<script>start()</script><script type="module" src="{% static \'tv.js\' %}"></script>'
    )
    assert refused_scripts(page) == ["<script src=\"{% static 'api.js' %}\">", "<script>"]


# The pages load modules ----------------------------------------------------------------------

SCRIPT_TAG = re.compile(r"<script\b[^>]*>", re.I)
CATALOG_TAG = re.compile(r"""<script src="\{% url 'javascript_catalog' %\}[^"]*">""")
MODULE_TAG = re.compile(r"""<script type="module" src="\{% static '([^']+\.js)' %\}">""")


def refused_scripts(template: str) -> list[str]:
    """Every <script> that is neither Django's catalog nor a module of static/."""
    return [
        tag for tag in SCRIPT_TAG.findall(template) if not CATALOG_TAG.fullmatch(tag) and not MODULE_TAG.fullmatch(tag)
    ]


TEMPLATE_FILES = sorted(TEMPLATES.rglob("*.html"))


@pytest.mark.parametrize("template", TEMPLATE_FILES, ids=lambda path: path.name)
def test_a_page_loads_its_javascript_as_one_module_of_static(template):
    text = template.read_text()
    assert refused_scripts(text) == [], (
        'a page loads <script type="module" src="{% static \'…\' %}">, no classic or inline script'
    )
    modules = MODULE_TAG.findall(text)
    assert len(modules) <= 1, f"one entry module per page (static/pages/ imports a page's parts): {modules}"
    assert all((STATIC / module).is_file() for module in modules), modules


def test_the_templates_that_load_scripts_are_found():
    assert sum(bool(MODULE_TAG.search(path.read_text())) for path in TEMPLATE_FILES) >= 15


# The modules share nothing but their imports --------------------------------------------------


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: str(path.relative_to(STATIC)))
def test_a_module_puts_nothing_on_window_and_probes_no_global(script):
    code = code_of(script.read_text())
    assert shared_globals(code) == [], "export it instead, and import it where it is used"
    assert typeof_probes(code) == [], "import the name instead of probing for it"


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: str(path.relative_to(STATIC)))
def test_a_module_imports_every_name_another_file_defines(script):
    scripts = module_scripts()
    code = scripts[script]
    others = {name: path for path, other in scripts.items() if path != script for name in top_level_names(other)}
    imported = {name for names in imports_of(code).values() for name in names}
    own = declared_names(code) - imported
    missing = sorted(
        f"{name} ({others[name].relative_to(STATIC)})"
        for name in bare_uses(code) & set(others)
        if name not in imported and name not in own
    )
    assert missing == [], "import these from the module that exports them"
    if script != STATIC / "i18n.js":  # the catalog's functions come from static/i18n.js
        assert sorted((bare_uses(code) & set(CATALOG)) - imported - own) == [], "import them from static/i18n.js"


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: str(path.relative_to(STATIC)))
def test_every_import_names_a_module_of_static_that_exports_it(script):
    for module, names in import_sources(script).items():
        assert module.startswith(("./", "../")) and module.endswith(".js"), f"{module}: a relative path to a file"
        target = (script.parent / module).resolve()
        assert target.is_file() and STATIC in target.parents, f"{module}: no such file in static/"
        missing = sorted(set(names) - exports_of(code_of(target.read_text())))
        assert missing == [], f"{target.relative_to(STATIC)} does not export {missing}"


def test_only_static_i18n_reads_the_catalog():
    readers = [path.name for path, code in module_scripts().items() if re.search(r"\bdjango\b", code)]
    assert readers == ["i18n.js"]


# WhiteNoise serves them as JavaScript ----------------------------------------------------------


def test_whitenoise_serves_every_module_as_javascript(client):
    for script in SCRIPTS:
        response = client.get(static(str(script.relative_to(STATIC))))
        assert response.status_code == 200, script
        # A module script is refused unless its MIME type is JavaScript's.
        assert response["Content-Type"].split(";")[0] == "text/javascript", (script, response["Content-Type"])
        body = b"".join(response.streaming_content) if response.streaming else response.content
        assert body == script.read_bytes(), f"{script}: served as it is, imports unchanged"


def test_a_hashed_static_storage_would_rewrite_the_imports_too():
    """Static files are served by their own names (no collectstatic step, WHITENOISE_USE_FINDERS).
    A storage that renames them by hash (WhiteNoise's CompressedManifest…) would have to rewrite
    the modules' imports to the hashed names, or they would load the unhashed (and stale) files."""
    storage = storages["staticfiles"]
    if isinstance(storage, ManifestStaticFilesStorage):
        assert storage.support_js_module_import_aggregation, "set support_js_module_import_aggregation = True"
