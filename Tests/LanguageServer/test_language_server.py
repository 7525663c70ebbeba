"""End-to-end tests of `widgetlint lsp` with a real Language Server Protocol client (pytest-lsp).

Run by .ci/run: `WIDGETLINT=path/to/widgetlint python -m pytest Tests/LanguageServer`.
"""

import os
import pathlib
import shutil

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

WIDGETLINT = os.environ.get("WIDGETLINT", ".build/debug/widgetlint")
REPOSITORY = pathlib.Path(__file__).resolve().parents[2]

MANIFEST = """\
app:
  bundleIdentifier: com.example.habits
  deploymentTarget: "16.0"
  entitlements:
    com.apple.security.application-groups: [group.com.example.habits]
targets:
  - name: HabitsWidget
    bundleIdentifier: com.example.habits.HabitsWidget
    entitlements:
      com.apple.security.application-groups: [group.com.example.habits]
    widgets:
      - kind: StreakWidget
        displayName: Streak
        description: How many days in a row you kept your habits.
        configuration: static
        families: [systemSmall, medium]
        refresh: 1h
        appGroup: group.com.example.habits
"""


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[WIDGETLINT, "lsp"]))
async def client(lsp_client: LanguageClient, tmp_path: pathlib.Path):
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(),
            root_uri=tmp_path.as_uri(),
        )
    )
    yield
    await lsp_client.shutdown_session()


async def next_diagnostics(client: LanguageClient, uri: str) -> list[types.Diagnostic]:
    """Waits for the next diagnostics published for `uri`."""
    while True:
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        if uri in client.diagnostics:
            return list(client.diagnostics.pop(uri))


def open_document(client: LanguageClient, path: pathlib.Path, language: str, text: str) -> str:
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id=language, version=1, text=text)
        )
    )
    return uri


def apply(text: str, edits: list[types.TextEdit]) -> str:
    """Applies text edits (UTF-16 positions; the test's text is ASCII) from the last to the first."""
    lines = text.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))

    def offset(position: types.Position) -> int:
        return offsets[position.line] + position.character

    for edit in sorted(edits, key=lambda e: offset(e.range.start), reverse=True):
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end) :]
    return text


@pytest.mark.asyncio
async def test_a_finding_is_published_fixed_by_its_code_action_and_cleared(
    client: LanguageClient, tmp_path: pathlib.Path
):
    manifest = tmp_path / "widgets.yaml"
    manifest.write_text(MANIFEST)
    uri = open_document(client, manifest, "yaml", MANIFEST)

    diagnostics = await next_diagnostics(client, uri)
    assert [d.code for d in diagnostics] == ["unknown-widget-family"]
    finding = diagnostics[0]
    # `medium` on line 16 (0-based 15), characters 32 to 38.
    assert finding.range == types.Range(types.Position(15, 32), types.Position(15, 38))
    assert finding.severity == types.DiagnosticSeverity.Error
    assert finding.code_description.href.endswith("/rules/unknown-widget-family.md")

    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(15, 33))
    )
    assert "unknown-widget-family" in hover.contents.value
    # The rule's explanation, as `widgetlint explain` prints it.
    assert "## Why it matters" in hover.contents.value

    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=finding.range,
            context=types.CodeActionContext(diagnostics=[finding]),
        )
    )
    assert len(actions) == 1
    action = actions[0]
    assert action.kind == types.CodeActionKind.QuickFix
    edits = action.edit.changes[uri]
    fixed = apply(MANIFEST, edits)
    assert "families: [systemSmall, systemMedium]" in fixed

    # The fix is applied in the editor and not saved: the unsaved text is what is linted.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)],
        )
    )
    assert await next_diagnostics(client, uri) == []
    assert manifest.read_text() == MANIFEST


@pytest.mark.asyncio
async def test_an_app_file_shows_findings_of_its_whole_project(client: LanguageClient, tmp_path: pathlib.Path):
    """Editing a native app's entitlements in the editor reports the App Group mismatch it makes, on
    the entitlements file, and undoing it clears it."""
    app = tmp_path / "app"
    shutil.copytree(REPOSITORY / "examples" / "native-widgets", app)
    entitlements = next(p for p in app.rglob("*.entitlements") if "Widget" in p.name)
    original = entitlements.read_text()
    group = original.split("<string>group.")[1].split("</string>")[0]
    uri = open_document(client, entitlements, "xml", original)
    assert await next_diagnostics(client, uri) == []

    changed = original.replace(f"<string>group.{group}</string>", "<string>group.somewhere.else</string>")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=changed)],
        )
    )
    diagnostics = await next_diagnostics(client, uri)
    assert "app-group-mismatch" in [d.code for d in diagnostics]
    line = next(i for i, text in enumerate(changed.splitlines()) if "group.somewhere.else" in text)
    assert any(d.range.start.line == line for d in diagnostics)

    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=3),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=original)],
        )
    )
    assert await next_diagnostics(client, uri) == []
