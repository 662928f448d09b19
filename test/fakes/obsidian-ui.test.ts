import type * as O from "obsidian";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type App,
  createTestApp,
  ItemView,
  MarkdownView,
  Notice,
  Plugin,
  Setting,
  SuggestModal,
  type TestApp,
  type WorkspaceLeaf,
} from "./obsidian";

/** A keydown as the browser would send it (Node has no KeyboardEvent). */
class Key extends Event {
  readonly ctrlKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey = false;
  readonly metaKey = false;
  readonly isComposing = false;
  constructor(
    readonly key: string,
    mods: { ctrl?: boolean; shift?: boolean } = {},
  ) {
    super("keydown", { cancelable: true });
    this.ctrlKey = mods.ctrl ?? false;
    this.shiftKey = mods.shift ?? false;
  }
}

const manifest: O.PluginManifest = { id: "demo", name: "Demo", author: "a", version: "1.0.0", minAppVersion: "1.5.0", description: "d" };
let t: TestApp;

function press(key: string, mods?: { ctrl?: boolean; shift?: boolean }): Key {
  const evt = new Key(key, mods);
  t.shell.body.dispatchEvent(evt);
  return evt;
}

afterEach(() => {
  t.dispose();
  vi.useRealTimers();
});

class Picker extends SuggestModal<string> {
  chosen: string[] = [];
  constructor(
    app: App,
    private readonly source: (query: string) => string[] | Promise<string[]>,
  ) {
    super(app);
    this.scope.register(["Mod"], "Enter", () => {
      this.chosen.push(`tab:${this.chooser.values?.[this.chooser.selectedItem] ?? ""}`);
      return false;
    });
  }
  getSuggestions(query: string): string[] | Promise<string[]> {
    return this.source(query);
  }
  renderSuggestion(value: string, el: HTMLElement): void {
    el.setText(value);
  }
  onChooseSuggestion(item: string): void {
    this.chosen.push(item);
  }
}

const rendered = (m: Picker): string[] => Array.from(m.resultContainerEl.children).map((el) => el.getText());
const selected = (m: Picker): string => m.resultContainerEl.querySelector(".is-selected")?.getText() ?? "";

describe("SuggestModal", () => {
  it("navigates with the arrow keys (wrapping), chooses with Enter and closes", () => {
    t = createTestApp();
    const modal = new Picker(t.fake, () => ["alpha", "beta", "gamma"]);
    modal.open();
    expect(rendered(modal)).toEqual(["alpha", "beta", "gamma"]);
    expect(selected(modal)).toBe("alpha");
    press("ArrowUp");
    expect(selected(modal)).toBe("gamma");
    press("ArrowDown");
    expect(press("ArrowDown").defaultPrevented).toBe(true);
    expect(selected(modal)).toBe("beta");
    press("Enter");
    expect(modal.chosen).toEqual(["beta"]);
    expect(modal.containerEl.parentElement).toBeNull();
    press("Enter");
    expect(modal.chosen).toEqual(["beta"]);
  });

  it("re-runs on input, shows the empty state, honours limit and routes Mod+Enter to its own handler", () => {
    t = createTestApp();
    const modal = new Picker(t.fake, (q) => ["one", "two", "three"].filter((s) => s.includes(q)));
    modal.limit = 2;
    modal.emptyStateText = "Nothing here";
    modal.open();
    expect(rendered(modal)).toEqual(["one", "two"]);
    modal.inputEl.value = "zzz";
    modal.inputEl.dispatchEvent(new Event("input"));
    expect(modal.resultContainerEl.querySelector(".suggestion-empty")?.getText()).toBe("Nothing here");
    modal.inputEl.value = "t";
    modal.inputEl.dispatchEvent(new Event("input"));
    press("Enter", { ctrl: true });
    expect(modal.chosen).toEqual(["tab:two"]);
  });

  it("renders async results only while their query is still the input", async () => {
    t = createTestApp();
    const pending = new Map<string, (items: string[]) => void>();
    const modal = new Picker(t.fake, (q) => new Promise((resolve) => pending.set(q, resolve)));
    modal.open();
    modal.inputEl.value = "new";
    modal.updateSuggestions();
    pending.get("new")?.(["fresh"]);
    pending.get("")?.(["stale"]);
    await Promise.resolve();
    expect(rendered(modal)).toEqual(["fresh"]);
  });
});

describe("Setting", () => {
  it("builds the row and wires each control's events to onChange", () => {
    t = createTestApp();
    const changes: unknown[] = [];
    const setting = new Setting(t.shell.body).setName("Name").setDesc("Desc");
    setting
      .addText((c) => c.setValue("a").onChange((v) => changes.push(`text:${v}`)))
      .addToggle((c) => c.setValue(true).onChange((v) => changes.push(`toggle:${String(v)}`)))
      .addDropdown((c) => c.addOptions({ x: "X", y: "Y" }).setValue("x").onChange((v) => changes.push(`drop:${v}`)))
      .addSlider((c) => c.setLimits(0, 10, 1).setValue(3).onChange((v) => changes.push(`slider:${v}`)))
      .addButton((c) => c.setButtonText("Go").onClick(() => changes.push("click")));
    expect([setting.nameEl.getText(), setting.descEl.getText()]).toEqual(["Name", "Desc"]);
    const [text, toggle, drop, slider, button] = setting.controlEl.children;
    (text as HTMLInputElement).value = "b";
    text?.dispatchEvent(new Event("input"));
    (toggle as HTMLElement).click();
    (drop as HTMLSelectElement).value = "y";
    drop?.dispatchEvent(new Event("change"));
    (slider as HTMLInputElement).value = "7";
    slider?.dispatchEvent(new Event("change"));
    (button as HTMLElement).click();
    expect(changes).toEqual(["text:b", "toggle:false", "drop:y", "slider:7", "click"]);
    setting.setDisabled(true);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(setting.settingEl.hasClass("is-disabled")).toBe(true);
  });

  it("reports toggle.setValue through onChange, as Obsidian does", () => {
    t = createTestApp();
    const seen: boolean[] = [];
    new Setting(t.shell.body).addToggle((c) => c.onChange((v) => seen.push(v)).setValue(true).setValue(true));
    expect(seen).toEqual([true]);
  });
});

describe("Plugin", () => {
  const Base = Plugin as unknown as typeof O.Plugin;

  it("awaits async onload, prefixes commands, keeps data in the config folder and cleans up on unload", async () => {
    t = createTestApp({ "a.md": "" });
    const creates: string[] = [];
    class Demo extends Base {
      override async onload(): Promise<void> {
        await Promise.resolve();
        this.addStatusBarItem().setText("Ready");
        this.addCommand({ id: "go", name: "Go", checkCallback: (checking) => checking || creates.push("ran") > 0 });
        this.registerEvent(this.app.vault.on("create", (f) => creates.push(f.path)));
        this.app.workspace.onLayoutReady(() => creates.push("layout"));
        await this.saveData({ n: 1 });
      }
    }
    const plugin = await t.loadPlugin(Demo, manifest);
    expect(t.shell.statusBarEl.getText()).toBe("Ready");
    expect(await t.fake.vault.adapter.read(".vault-config/plugins/demo/data.json")).toBe('{\n  "n": 1\n}');
    expect(await plugin.loadData()).toEqual({ n: 1 });
    await t.startup();
    expect(creates).toEqual(["a.md", "layout"]);
    expect(t.fake.commands.findCommand("demo:go")?.name).toBe("Demo: Go");
    expect(t.fake.commands.executeCommandById("demo:go")).toBe(true);
    expect(creates).toContain("ran");
    (plugin as unknown as Plugin).unload();
    expect(t.shell.statusBarEl.getText()).toBe("");
    expect(t.fake.commands.executeCommandById("demo:go")).toBe(false);
  });
});

describe("Workspace", () => {
  class Panel extends ItemView {
    opened = 0;
    getViewType(): string {
      return "panel";
    }
    getDisplayText(): string {
      return "Panel";
    }
    override async onOpen(): Promise<void> {
      this.opened++;
      this.contentEl.setText("Panel body");
    }
  }

  it("opens registered views in the right sidebar and detaches them by type", async () => {
    t = createTestApp();
    t.fake.viewRegistry.registerView("panel", (leaf: WorkspaceLeaf) => new Panel(leaf));
    const changes: unknown[] = [];
    t.fake.workspace.on("active-leaf-change", (leaf: WorkspaceLeaf | null) => changes.push(leaf?.view.getViewType()));
    const leaf = t.fake.workspace.getRightLeaf(false);
    await leaf.setViewState({ type: "panel", active: true });
    const view = leaf.view as Panel;
    expect(view.opened).toBe(1);
    expect(view.containerEl.children[1]?.getText()).toBe("Panel body");
    expect(t.shell.rightSplitEl.contains(view.containerEl)).toBe(true);
    expect(t.fake.workspace.getActiveViewOfType(Panel)).toBe(view);
    t.fake.workspace.detachLeavesOfType("panel");
    expect(t.fake.workspace.getLeavesOfType("panel")).toEqual([]);
    // Detaching the active leaf activates the main area's tab, as Obsidian does.
    expect(changes).toEqual(["panel", "empty"]);
  });

  it("follows links to a heading, records the scroll, and saves editor changes 2 s later", async () => {
    vi.useFakeTimers();
    t = createTestApp({ "a.md": "see [[b#Second]]", "b.md": "# First\ntext\n## Second\nmore" });
    const opened: (string | undefined)[] = [];
    t.fake.workspace.on("file-open", (f: O.TFile | null) => opened.push(f?.path));
    await t.fake.workspace.openLinkText("b#Second", "a.md");
    const view = t.fake.workspace.getActiveViewOfType(MarkdownView);
    expect(t.fake.workspace.getActiveFile()?.path).toBe("b.md");
    expect(opened).toEqual(["b.md"]);
    expect(view?.editor.scrollHistory.at(-1)?.range.from.line).toBe(2);
    view?.editor.replaceSelection("[[a]] ");
    expect(view?.editor.getLine(2)).toBe("[[a]] ## Second");
    const file = t.fake.vault.getFileByPath("b.md");
    if (!file) throw new Error("fixture missing");
    expect(await t.fake.vault.read(file)).not.toContain("[[a]]");
    await vi.advanceTimersByTimeAsync(2000);
    expect(await t.fake.vault.read(file)).toContain("[[a]] ## Second");
  });
});

describe("Notice", () => {
  it("records notices and hides them after their duration or on click", () => {
    vi.useFakeTimers();
    t = createTestApp();
    new Notice("Indexed 3 notes");
    const sticky = new Notice("Stays", 0);
    vi.advanceTimersByTime(10_000);
    expect(t.notices()).toEqual([
      { message: "Indexed 3 notes", visible: false },
      { message: "Stays", visible: true },
    ]);
    sticky.containerEl.click();
    expect(t.notices()[1]?.visible).toBe(false);
    expect(t.shell.noticeContainerEl.children).toHaveLength(0);
  });
});
