// Every string the page shows, in English and 简体中文, and the language switch.
//
// `t(key, vars)` looks a key up in the current language (falling back to English, then to the
// key itself); `{name}` in a string is replaced by vars.name, and an entry may be a function of
// vars (plurals). The static markup of index.html carries data-i18n=KEY (its text),
// data-i18n-aria-label / data-i18n-title / data-i18n-placeholder (attributes); applyStatic()
// fills them in. Pure apart from the current language: importable in node (unit tests).
//
// Chinese terms follow the source notes: 副本 replica, 同步副本 ISR, 高水位 HW, 日志末端位移 LEO,
// leader / follower and broker kept as in Kafka's documentation, 控制器 controller, 分区 partition.
// Texts produced by the simulator core itself (event and violation texts, message contents,
// Kafka error names) stay in English: they quote Kafka's own vocabulary.

export const LANGS = ["en", "zh"];
export const LANG_NAMES = { en: "English", zh: "中文" };
const STORAGE_KEY = "kafka-playground-lang";

let current = "en";
const listeners = new Set();

/** The current language: "en" or "zh". */
export function getLang() {
  return current;
}

/** Switch language (unknown values are ignored). Listeners run when it changes. Returns the language. */
export function setLang(lang) {
  const next = normalizeLang(lang);
  if (!next || next === current) return current;
  current = next;
  for (const fn of listeners) fn(current);
  return current;
}

/** Call `fn(lang)` after every change; returns the unsubscribe function. */
export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** "zh", "zh-CN", "zh-Hans", "ZH" → "zh"; "en-US" → "en"; anything else → null. */
export function normalizeLang(value) {
  const v = String(value ?? "").trim().toLowerCase();
  if (v === "zh" || v.startsWith("zh-") || v.startsWith("zh_") || v === "中文") return "zh";
  if (v === "en" || v.startsWith("en-") || v.startsWith("en_") || v === "english") return "en";
  return null;
}

/**
 * The language to start in: the URL's ?lang= first, then the reader's saved choice, then the
 * browser's languages (the first of them that is English or Chinese), else English.
 */
export function initialLang({ param = null, saved = null, languages = [] } = {}) {
  return normalizeLang(param) ?? normalizeLang(saved) ?? languages.map(normalizeLang).find(Boolean) ?? "en";
}

export function readSavedLang() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function saveLang(lang) {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    /* storage blocked (sandboxed iframe, file://): the choice is just not remembered */
  }
}

/** `key` in the current language. */
export function t(key, vars) {
  return tr(current, key, vars);
}

/** `key` in `lang` (for tests and for texts that must be in a given language). */
export function tr(lang, key, vars = {}) {
  const entry = STRINGS[key];
  if (!entry) return key;
  let v = entry[LANGS.indexOf(lang)] ?? entry[0];
  if (v === undefined || v === null) v = entry[0];
  if (typeof v === "function") return v(vars ?? {});
  return interpolate(v, vars ?? {});
}

/** True when `key` has a text in every language. */
export function hasKey(key) {
  const e = STRINGS[key];
  return !!e && LANGS.every((_, i) => e[i] !== undefined && e[i] !== null);
}

/** Every key (for the unit test that checks both languages are complete). */
export function keys() {
  return Object.keys(STRINGS);
}

function interpolate(s, vars) {
  return s.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
}

/** The html lang attribute for a language. */
export function htmlLang(lang = current) {
  return lang === "zh" ? "zh-CN" : "en";
}

/**
 * Fill the static markup under `root`: [data-i18n] gets its text, [data-i18n-<attr>] that
 * attribute (aria-label, title, placeholder).
 */
export function applyStatic(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    const text = t(el.dataset.i18n);
    if (el.textContent !== text) el.textContent = text;
  }
  for (const attr of ["aria-label", "title", "placeholder"]) {
    const data = `data-i18n-${attr}`;
    for (const el of root.querySelectorAll(`[${data}]`)) el.setAttribute(attr, t(el.getAttribute(data)));
  }
}

// [English, 简体中文]. Keys are grouped by where they appear.
const STRINGS = {
  // ---------------------------------------------------------------- page chrome (index.html)
  "app.title": ["Kafka replication playground", "Kafka 副本复制演练场"],
  "app.subtitle": ["Pull-based fetch · ISR · LEO · high watermark · acks · controller · ZooKeeper", "拉取式复制 · 同步副本 ISR · LEO · 高水位 HW · acks · 控制器 · ZooKeeper"],
  "app.description": [
    "Watch and break Apache Kafka partition replication: leader and followers, pull-based fetch, ISR, LEO, high watermark, acks, broker faults, the controller and ZooKeeper.",
    "观察并破坏 Apache Kafka 的分区复制：leader 与 follower、拉取式复制、同步副本 ISR、LEO、高水位 HW、acks、broker 故障、控制器与 ZooKeeper。",
  ],
  "app.skip": ["Skip to the cluster", "跳到集群"],
  "controls.toolbar": ["Simulation controls", "模拟控制"],
  "controls.back": ["Back", "后退"],
  "controls.back.aria": ["Step back one tick", "后退一个 tick"],
  "controls.back.title": ["Step back one tick (←): exact, replays the history", "后退一个 tick（←）：精确，重放历史"],
  "controls.play": ["Play", "播放"],
  "controls.pause": ["Pause", "暂停"],
  "controls.play.title": ["Play / pause (Space)", "播放 / 暂停（空格）"],
  "controls.step": ["Step", "单步"],
  "controls.step.aria": ["Step one tick", "前进一个 tick"],
  "controls.step.title": ["Advance one tick = 100 ms of Kafka time (S or →)", "前进一个 tick = Kafka 时间 100 毫秒（S 或 →）"],
  "controls.speed": ["Speed", "速度"],
  "controls.reset": ["Reset", "重置"],
  "controls.reset.aria": ["Reset the cluster", "重置集群"],
  "controls.reset.title": ["Start over: same config, empty history (R)", "重新开始：配置不变，历史清空（R）"],
  "controls.theme.title": ["Colour theme: automatic / light / dark", "配色：自动 / 浅色 / 深色"],
  "controls.help.aria": ["Keyboard shortcuts and help", "键盘快捷键与帮助"],
  "controls.help.title": ["Keyboard shortcuts (?)", "键盘快捷键（?）"],
  "controls.lang.aria": ["Language: English. Switch to Chinese", "语言：中文。切换到英文"],
  "controls.lang.title": ["切换到中文 / Switch to Chinese", "Switch to English / 切换到英文"],
  "controls.lang.other": ["中文", "English"],
  "controls.modes": ["Lessons, compare, share", "课程、对比、分享"],
  "controls.lessons": ["Lessons", "课程"],
  "controls.lessons.title": ["Guided lessons: play a scenario step by step, with captions and checkpoints", "引导课程：逐步播放场景，带讲解与检查点"],
  "controls.compare": ["Compare", "对比"],
  "controls.compare.title": ["Two clusters side by side: the same faults, one setting different", "两个集群并排：相同的故障，只有一个设置不同"],
  "controls.share": ["Share", "分享"],
  "controls.share.title": ["Share a link to this moment, embed the playground, export the trace or the picture", "分享指向此刻的链接、嵌入演练场、导出轨迹或图片"],
  "theme.auto": ["Auto", "自动"],
  "theme.light": ["Light", "浅色"],
  "theme.dark": ["Dark", "深色"],
  "theme.aria": [
    ({ mode }) => `Colour theme: ${mode === "auto" ? "automatic" : mode}`,
    ({ mode }) => `配色：${mode === "auto" ? "自动" : mode === "light" ? "浅色" : "深色"}`,
  ],
  "timeline.label": ["Time", "时间"],
  "timeline.status.live": ["tick {tick} · live (end of history)", "tick {tick} · 实时（历史末端）"],
  "timeline.status.past": [
    "tick {tick} of {horizon} · replaying recorded history (acting now discards what follows)",
    "tick {tick} / {horizon} · 正在重放已记录的历史（此时操作会丢弃之后的历史）",
  ],
  "timeline.valuetext": ["tick {tick} of {horizon}", "第 {tick} / {horizon} tick"],
  "clock": ["t = {time} · tick {tick}", "t = {time} · tick {tick}"],
  "banner.reset": ["Reset", "重置"],
  "notice.dismiss": ["Dismiss", "关闭"],
  "legend.summary": ["How to read it", "图例"],
  "legend.committed": ["committed record (below the leader's HW); the number is the leader epoch that wrote it", "已提交的消息（低于 leader 的高水位 HW）；数字是写入它的 leader epoch"],
  "legend.uncommitted": ["written, not yet committed", "已写入，尚未提交"],
  "legend.divergent": ["differs from the leader's record: will be truncated", "与 leader 的消息不同：将被截断"],
  "legend.hw": ["high watermark 高水位: consumers read below it. HW = smallest LEO in the ISR; followers learn it from their next fetch", "高水位 high watermark：消费者只能读到它之前的消息。HW = ISR 中最小的 LEO；follower 在下一次拉取时得知它"],
  "legend.leo": ["log end offset: the next offset this replica writes", "日志末端位移 log end offset：该副本下一条消息的位移"],
  "legend.sets": ["assigned = in-sync 同步副本 + out-of-sync replicas", "分配副本 = 同步副本 + 不同步副本"],
  "legend.ring": ["time since the follower last caught up, out of", "follower 上次追上 leader 以来的时间，占"],
  "legend.ring.full": [": full = it leaves the ISR", "的比例：满圈 = 它离开 ISR"],
  "panel.cluster": ["Cluster", "集群"],
  "panel.cluster.hint": ["followers pull: watch the Fetch (F) go to the leader and the records come back", "follower 主动拉取：看 Fetch（F）发往 leader，消息随响应返回"],
  "panel.partitions": ["Partitions", "分区"],
  "panel.partitions.hint": ["topic demo · one row per replica", "主题 demo · 每个副本一行"],
  "panel.view.compact": ["Compact view", "紧凑视图"],
  "panel.view.detailed": ["Detailed view", "详细视图"],
  "panel.view.title": ["Detailed rows with every record, or one line per partition", "显示每条消息的详细行，或每个分区一行"],
  "panel.side": ["Producer, guarantees, ZooKeeper, events and configuration", "生产者、保证、ZooKeeper、事件与配置"],
  "panel.producer": ["Producer & consumer", "生产者与消费者"],
  "producer.partition": ["Partition", "分区"],
  "producer.records": ["Records", "消息数"],
  "producer.acks": ["acks", "acks"],
  "producer.produce": ["Produce", "发送"],
  "producer.produce.aria": ["Produce records", "发送消息"],
  "producer.produce.title": ["Send a produce request to the partition leader (P)", "向分区 leader 发送生产请求（P）"],
  "producer.auto": ["Automatic producer", "自动生产者"],
  "producer.rate": ["records/s of Kafka time", "条/秒（Kafka 时间）"],
  "producer.consumer": ["Consumer", "消费者"],
  "producer.consumer.help": ["One per partition; it reads from the leader, only below the HW.", "每个分区一个；它从 leader 读取，只能读到 HW 之前。"],
  "producer.latest": ["Latest requests", "最近的请求"],
  "producer.none": ["No requests yet.", "还没有请求。"],
  "producer.list": ["Latest produce requests, newest first", "最近的生产请求，最新的在前"],
  "producer.rr": ["all, round-robin", "全部，轮询"],
  "panel.guarantees": ["Guarantees", "保证"],
  "panel.zk": ["ZooKeeper", "ZooKeeper"],
  "panel.zk.hint": ["znodes · zkVersion · flashes on change", "znode · zkVersion · 变化时闪烁"],
  "panel.events": ["Events", "事件"],
  "panel.events.hint": ["newest first · click one to go back to it", "最新的在前 · 点击可回到那一刻"],
  "events.kind": ["Kind", "类型"],
  "events.partition": ["Partition", "分区"],
  "events.allKinds": ["all kinds", "全部类型"],
  "events.allPartitions": ["all partitions", "全部分区"],
  "events.empty": [
    "Nothing has happened yet. Try: produce 5 records with acks=all to P0, press Play and watch the followers fetch them and the HW follow; then crash P0's leader and wait for the controller.",
    "还没有发生任何事。试试：以 acks=all 向 P0 发送 5 条消息，按播放，观察 follower 拉取它们、HW 随之前进；然后让 P0 的 leader 宕机，等待控制器选出新 leader。",
  ],
  "events.none": ["No event matches the filter.", "没有符合筛选条件的事件。"],
  "events.list": ["Events, newest first", "事件，最新的在前"],
  "events.jump": ["tick {tick}: click to go back to this moment", "tick {tick}：点击回到这一刻"],
  "panel.config": ["Configuration", "配置"],
  "config.apply": ["Apply and reset", "应用并重置"],
  "config.defaults": ["Version defaults", "版本默认值"],
  "dialog.close": ["Close", "关闭"],
  "help.title": ["Keyboard shortcuts", "键盘快捷键"],
  "help.note": [
    "Shortcuts are ignored while you type in a form field. The selected broker is outlined in the picture. Click a broker, a replica name, a record or a message for its full state; right-click a broker (or use its \"Faults…\" button) for faults; click a link between two brokers to cut or heal it. Going back in time (←, the time slider, an event) is exact: the page replays your actions from the start. Acting in the past discards the recorded future.",
    "在表单中输入时快捷键不生效。选中的 broker 在图中有描边。点击 broker、副本名、消息记录或网络消息可查看其完整状态；右键点击 broker（或用它的“故障…”按钮）注入故障；点击两个 broker 之间的连线可切断或恢复它。回到过去（←、时间滑块、点击事件）是精确的：页面从头重放你的操作。在过去的时刻进行操作会丢弃之后记录的历史。",
  ],
  "toast.dismiss": ["Dismiss message", "关闭消息"],

  // ---------------------------------------------------------------- main.js messages
  "acks.all": [
    "acks=all: the leader answers once every ISR replica has the records (the HW has passed them). Fails with NOT_ENOUGH_REPLICAS when the ISR is smaller than min.insync.replicas.",
    "acks=all：等 ISR 中每个副本都有了这些消息（HW 越过它们）后 leader 才应答。ISR 小于 min.insync.replicas 时失败，返回 NOT_ENOUGH_REPLICAS。",
  ],
  "acks.1": [
    "acks=1: the leader answers as soon as it has written them to its own log. If it dies before a follower copies them, they are lost.",
    "acks=1：leader 一写入自己的日志就应答。如果它在 follower 复制之前宕机，这些消息就丢失了。",
  ],
  "acks.0": [
    "acks=0: the producer does not wait for any answer. Nobody learns whether the records were written.",
    "acks=0：生产者不等待任何应答。没有人知道消息是否写入成功。",
  ],
  "main.startFailed": ["The playground could not start: {error}", "演练场无法启动：{error}"],
  "main.pageError": ["Something went wrong on the page: {error}", "页面出错了：{error}"],
  "main.coreMissing": [
    "the simulator core (pkg/kafka_replication.js) did not load: {error}. Build it first (see README).",
    "模拟器核心（pkg/kafka_replication.js）没有加载：{error}。请先构建它（见 README）。",
  ],
  "main.noCluster": ["There is no cluster: press Reset.", "没有集群：请按重置。"],
  "main.createFailed": ["The cluster could not be created: {error}", "无法创建集群：{error}"],
  "main.forked": [
    "You changed the past at tick {tick}: the recorded history after it was discarded.",
    "你在 tick {tick} 改变了过去：之后记录的历史已被丢弃。",
  ],
  "main.coreStopped": [
    "The simulator core stopped with an internal error ({error}). Its state is lost: press Reset to start again with the same configuration.",
    "模拟器核心因内部错误而停止（{error}）。它的状态已丢失：按重置以相同配置重新开始。",
  ],
  "main.badSnapshot": ["The page cannot draw this simulator core's state: {problem}.", "页面无法绘制该模拟器核心的状态：{problem}。"],
  "main.noMethod": ["This build of the simulator core has no {method}() yet.", "该版本的模拟器核心还没有 {method}()。"],
  "main.tooManyArgs": [
    "This build of the simulator core does not support {call} yet: its {method}() takes {count} argument(s).",
    "该版本的模拟器核心还不支持 {call}：它的 {method}() 只接受 {count} 个参数。",
  ],
  "main.recordsInvalid": ["Records must be a whole number of at least 1 (got \"{value}\").", "消息数必须是不小于 1 的整数（收到 “{value}”）。"],
  "main.notSent": ["Not sent: {error}", "未发送：{error}"],
  "main.autoRate": [
    "Automatic producer stopped: the rate must be a positive number (got \"{value}\").",
    "自动生产者已停止：速率必须是正数（收到 “{value}”）。",
  ],
  "main.autoStopped": ["Automatic producer stopped: {error}", "自动生产者已停止：{error}"],
  "main.auto.off": [
    "Off. When on, it sends the form's acks and partition every batch of ticks while playing.",
    "关闭。开启后，播放时每批 tick 都按表单的 acks 和分区发送消息。",
  ],
  "main.auto.waiting": ["Waiting: replaying the recorded history (its requests play back).", "等待中：正在重放已记录的历史（其中的请求会重放）。"],
  "main.auto.on": ["On: about {rate} records per second of Kafka time{paused}.", "开启：每秒（Kafka 时间）约 {rate} 条{paused}。"],
  "main.auto.pressPlay": [" (press Play)", "（请按播放）"],
  "main.selectFirst": ["Select a broker first: type its number (0–9) or click it in the picture.", "请先选择一个 broker：输入它的编号（0–9）或在图中点击它。"],
  "main.noBroker": ["There is no broker {id} in this cluster.", "这个集群中没有 broker {id}。"],
  "main.brokerIs": ["{action}: broker {id} is {status}.", "{action}：broker {id} 当前为 {status}。"],
  "main.brokerSelected": ["Broker {id} selected.", "已选中 broker {id}。"],
  "main.configApplied": ["New configuration applied: the cluster starts over.", "新配置已应用：集群重新开始。"],
  "main.notApplied": ["Not applied: {error}", "未应用：{error}"],

  // ---------------------------------------------------------------- status words
  "status.up": ["up", "正常"],
  "status.crashed": ["crashed", "已宕机"],
  "status.stuck": ["stuck", "卡住"],
  "status.slow": ["slow", "变慢"],
  "status.isolated": ["isolated", "被隔离"],

  // ---------------------------------------------------------------- broker actions (actions.js)
  "action.crash.shortcut": ["Crash the selected broker", "让选中的 broker 宕机"],
  "action.crash.label": ["Crash", "宕机"],
  "action.crash.help": [
    "kill -9: the process stops. Its ZooKeeper session expires after zookeeper.session.timeout.ms, then the controller moves its leaderships.",
    "kill -9：进程停止。它的 ZooKeeper 会话在 zookeeper.session.timeout.ms 后过期，然后控制器转移它担任的 leader。",
  ],
  "action.crashLossy.shortcut": ["Crash it, losing its unflushed writes", "宕机并丢失未刷盘的写入"],
  "action.crashLossy.label": ["Crash, losing unflushed writes", "宕机（丢失未刷盘数据）"],
  "action.crashLossy.help": ["Power loss: records not yet flushed to disk are gone when it restarts.", "断电：尚未刷到磁盘的消息在重启后消失。"],
  "action.stuck.shortcut": ["Make it stuck (GC pause)", "让它卡住（GC 停顿）"],
  "action.stuck.label": ["Stuck (GC pause)", "卡住（GC 停顿）"],
  "action.stuck.help": [
    "Alive and still registered in ZooKeeper, but neither fetching nor answering: its followers fall out of the ISR.",
    "仍然存活且在 ZooKeeper 中注册，但既不拉取也不应答：它上面的 follower 会掉出 ISR。",
  ],
  "action.slow.shortcut": ["Make it slow", "让它变慢"],
  "action.slow.label": ["Slow", "变慢"],
  "action.slow.help": ["Fetches and answers slowly: a slow follower, the usual cause of ISR shrinks.", "拉取和应答都很慢：慢 follower 是 ISR 收缩最常见的原因。"],
  "action.isolate.shortcut": ["Isolate it from the network", "把它从网络中隔离"],
  "action.isolate.label": ["Isolate", "隔离"],
  "action.isolate.help": ["Network partition: cut off from every other broker and from ZooKeeper.", "网络分区：与其他所有 broker 以及 ZooKeeper 断开。"],
  "action.recover.shortcut": ["Recover it", "恢复它"],
  "action.recover.label": ["Recover", "恢复"],
  "action.recover.help": [
    "Restart it / end the fault: it registers again, truncates if needed and catches up.",
    "重启 / 结束故障：它重新注册，必要时截断日志，然后追赶 leader。",
  ],

  // ---------------------------------------------------------------- keyboard (keyboard.js)
  "key.togglePlay": ["Play / pause", "播放 / 暂停"],
  "key.step": ["Step one tick (100 ms of Kafka time)", "前进一个 tick（Kafka 时间 100 毫秒）"],
  "key.stepBack": ["Step back one tick (exact: replays from the start)", "后退一个 tick（精确：从头重放）"],
  "key.produce": ["Produce with the producer form's values", "按生产者表单的值发送消息"],
  "key.toggleAuto": ["Automatic producer on / off", "开启 / 关闭自动生产者"],
  "key.reset": ["Reset: same config, empty history", "重置：配置不变，历史清空"],
  "key.select": ["Select a broker (type 1 then 2 quickly for broker 12)", "选择 broker（快速输入 1 再输入 2 选 broker 12）"],
  "key.help": ["Show this help", "显示本帮助"],
  "key.close": ["Close a dialog or menu", "关闭对话框或菜单"],
  "key.lessonNext": ["Lesson or compare: next stop (while playing: jump there)", "课程或对比：下一步（播放中：直接跳到）"],
  "key.lessonBack": ["Lesson or compare: previous stop", "课程或对比：上一步"],

  // ---------------------------------------------------------------- cluster picture (views/cluster.js)
  "cluster.aria": ["Cluster network: brokers, the producer, links and messages in flight", "集群网络：broker、生产者、连线与传输中的消息"],
  "cluster.kinds": ["Message kinds", "消息类型"],
  "cluster.legendNote": [
    "filled = request, hollow = response · thick link: a follower fetches over it · click a link to cut / heal it, a broker for its state (right-click: faults)",
    "实心 = 请求，空心 = 响应 · 粗线：有 follower 经此拉取 · 点击连线可切断 / 恢复，点击 broker 查看状态（右键：故障）",
  ],
  "cluster.inflight": ["Messages in flight", "传输中的消息"],
  "cluster.inflightCount": ["Messages in flight ({n})", "传输中的消息（{n}）"],
  "cluster.arrives": [({ n }) => `arrives in ${n} tick${n === 1 ? "" : "s"}`, "{n} tick 后到达"],
  "cluster.more": ["and {n} more", "还有 {n} 条"],
  "cluster.producer": ["producer", "生产者"],
  "cluster.consumer": ["consumer", "消费者"],
  "cluster.controllerTag": ["controller · epoch {epoch}", "控制器 · epoch {epoch}"],
  "cluster.ctrlShort": ["ctrl {epoch}", "控 {epoch}"],
  "cluster.link.cut": ["cut", "已切断"],
  "cluster.link.isolated": ["unreachable (broker isolated)", "不可达（broker 被隔离）"],
  "cluster.link.down": ["idle (a broker is down)", "空闲（有 broker 宕机）"],
  "cluster.link.connected": ["connected", "已连接"],
  "cluster.link.carries": [", replicates {parts}", "，复制 {parts}"],
  "cluster.link.aria": ["Link B{a}–B{b}: {state}{carries}. Press to {verb} it.", "连线 B{a}–B{b}：{state}{carries}。按下可{verb}。"],
  "cluster.link.heal": ["heal", "恢复"],
  "cluster.link.cutVerb": ["cut", "切断"],
  "cluster.node.controller": ["controller, controller_epoch {epoch}", "控制器，controller_epoch {epoch}"],
  "cluster.node.leads": ["leader of {parts}", "{parts} 的 leader"],
  "cluster.node.aria": ["{parts}. Press for details; context menu for faults.", "{parts}。按下查看详情；右键菜单注入故障。"],
  "family.Fetch": ["follower pulls records from the leader; the response carries them and the leader's HW", "follower 从 leader 拉取消息；响应携带消息和 leader 的 HW"],
  "family.Produce": ["producer → partition leader; the response is the ack (or a Kafka error)", "生产者 → 分区 leader；响应就是 ack（或 Kafka 错误）"],
  "family.ConsumerFetch": ["the consumer reads from the leader; the response carries only records below the HW", "消费者从 leader 读取；响应只携带 HW 之前的消息"],
  "family.LeaderAndIsr": ["controller tells brokers who leads, with which epoch and ISR", "控制器通知 broker 谁是 leader、epoch 和 ISR 是什么"],
  "family.OffsetsForLeaderEpoch": ["a new follower asks where its leader epoch ends, to truncate", "新 follower 询问自己的 leader epoch 在哪里结束，以便截断"],
  "family.AlterPartition": ["leader asks the controller to change the ISR", "leader 请求控制器修改 ISR"],

  // ---------------------------------------------------------------- brokers (views/brokers.js)
  "brokers.list": ["Brokers", "broker 列表"],
  "broker.name": ["Broker {id}", "Broker {id}"],
  "broker.controllerTitle": [
    "This broker is the controller: it elects partition leaders and writes their state to ZooKeeper",
    "这个 broker 是控制器：它选举分区 leader，并把分区状态写入 ZooKeeper",
  ],
  "broker.hosts": ["Partitions on broker {id}", "broker {id} 上的分区"],
  "broker.faults": ["Faults…", "故障…"],
  "broker.faults.aria": ["All faults for broker {id}", "broker {id} 的全部故障"],
  "broker.faults.title": ["Crash (lossy), stuck, slow, isolate, recover", "宕机（可丢数据）、卡住、变慢、隔离、恢复"],
  "broker.action.aria": ["{label} broker {id}", "{label} broker {id}"],
  "broker.action.title": ["{help} (select it, then {key})", "{help}（选中它，再按 {key}）"],
  "broker.controllerBadge": ["controller · epoch {epoch}", "控制器 · epoch {epoch}"],
  "broker.zk.registered": ["/brokers/ids/{id} registered", "/brokers/ids/{id} 已注册"],
  "broker.zk.alive": ["ZK session still alive: the controller has not noticed yet", "ZK 会话仍然有效：控制器还没有察觉"],
  "broker.zk.registering": ["registering in ZooKeeper…", "正在向 ZooKeeper 注册…"],
  "broker.zk.gone": ["/brokers/ids/{id} gone: session expired", "/brokers/ids/{id} 已删除：会话过期"],
  "broker.host.leader": ["leader", "leader"],
  "broker.host.isr": ["follower in the ISR", "ISR 中的 follower"],
  "broker.host.osr": ["follower out of the ISR", "ISR 之外的 follower"],
  "broker.host.title": ["Partition {p}: {role}", "分区 {p}：{role}"],

  // ---------------------------------------------------------------- partitions (views/partitions.js, compact.js, hw-chart.js)
  "partition.title": ["Partition {p}", "分区 {p}"],
  "partition.epochTitle": ["leader_epoch: bumped by the controller at every leader election", "leader_epoch：控制器每次选举 leader 时加一"],
  "partition.sets": ["Replica sets", "副本集合"],
  "partition.ar.title": ["Assigned replicas, in preference order (AR = ISR + OSR)", "分配副本，按优先顺序（AR = ISR + OSR）"],
  "partition.isr.title": [
    "In-sync replicas: the leader and the followers caught up within replica.lag.time.max.ms. Only they can be elected leader.",
    "同步副本：leader 以及在 replica.lag.time.max.ms 内追上 leader 的 follower。只有它们能被选为 leader。",
  ],
  "partition.osr.title": [
    "Out-of-sync replicas: assigned but lagging, down, or just started. They rejoin once their LEO reaches the HW.",
    "不同步副本：已分配但落后、宕机或刚启动。它们的 LEO 追上 HW 后重新加入 ISR。",
  ],
  "partition.replicaName.title": ["Open this replica's full state", "查看该副本的完整状态"],
  "partition.leader": ["♛ leader B{b}", "♛ leader B{b}"],
  "partition.noLeader": ["no leader", "没有 leader"],
  "partition.epoch": ["leader_epoch {epoch}", "leader_epoch {epoch}"],
  "partition.waits": [" · waits for {list}", " · 等待 {list}"],
  "partition.hw.title": [
    "High watermark: offsets below it are committed and readable by consumers. HW = the smallest LEO in the ISR",
    "高水位：低于它的位移已提交，消费者可读。HW = ISR 中最小的 LEO",
  ],
  "partition.hw.titleWaiting": ["; the leader has not seen {list} reach its LEO {leo} yet", "；leader 还没看到 {list} 追到它的 LEO {leo}"],
  "partition.earlier": ["… {n} earlier", "… 前面还有 {n} 个"],
  "partition.offset": ["offset", "位移"],
  "partition.notDrawn": ["offsets {from}–{to} are not drawn", "位移 {from}–{to} 未画出"],
  "replica.leader": ["♛ leader", "♛ leader"],
  "replica.offline": ["offline", "离线"],
  "replica.follower": ["follower", "follower"],
  "replica.inIsr": ["in the ISR", "在 ISR 中"],
  "replica.notInIsr": ["out of sync (not in the ISR)", "不同步（不在 ISR 中）"],
  "cell.committed": ["committed", "已提交"],
  "cell.divergent": ["differs from the leader's record at this offset: will be truncated", "与 leader 在该位移的消息不同：将被截断"],
  "cell.notCommitted": ["not committed", "未提交"],
  "cell.title": ["offset {offset} · leader epoch {epoch} · {state}{value} (click for details)", "位移 {offset} · leader epoch {epoch} · {state}{value}（点击查看详情）"],
  "cell.value": [" · value {v}", " · 值 {v}"],
  "marker.hw": ["HW {hw}{trail}", "HW {hw}{trail}"],
  "marker.hwTrail": [
    " (leader HW {hw}: a follower learns the HW from its next fetch response)",
    "（leader 的 HW 为 {hw}：follower 从下一次拉取响应中得知 HW）",
  ],
  "marker.leo": ["LEO {leo}: the next offset this replica will write", "LEO {leo}：该副本下一条消息的位移"],
  "lag.leader": ["serves reads & writes", "处理读写"],
  "lag.notFetching": ["not fetching: broker down", "未拉取：broker 宕机"],
  "lag.brokerDown": ["broker down", "broker 宕机"],
  "lag.noFetch": ["no fetch yet", "尚未拉取"],
  "lag.msgs": [({ n }) => `lag ${n} msg${n === 1 ? "" : "s"}`, "落后 {n} 条"],
  "lag.noHeard": ["the leader has not heard from this follower in its epoch yet", "在本 epoch 中 leader 还没有收到这个 follower 的拉取"],
  "lag.title": [
    "{since} since this follower last caught up to the leader's LEO: {percent}% of replica.lag.time.max.ms ({max}). ",
    "距该 follower 上次追上 leader 的 LEO 已过 {since}：占 replica.lag.time.max.ms（{max}）的 {percent}%。",
  ],
  "lag.title.inIsr": ["Past 100% the leader drops it from the ISR.", "超过 100% 时 leader 把它移出 ISR。"],
  "lag.title.osr": ["Out of sync: it rejoins the ISR once its LEO reaches the leader's HW.", "不同步：它的 LEO 追上 leader 的 HW 后重新加入 ISR。"],
  "replica.aria.broker": ["Broker {b}", "Broker {b}"],
  "replica.aria.leader": ["leader", "leader"],
  "replica.aria.inIsr": ["in ISR", "在 ISR 中"],
  "replica.aria.osr": ["out of sync", "不同步"],
  "replica.aria.brokerStatus": ["broker {status}", "broker {status}"],
  "replica.aria.behind": ["{n} messages behind", "落后 {n} 条"],
  "replica.aria.since": ["{t} since caught up", "距上次追上 {t}"],
  "replica.aria": ["Partition {p}, {parts}", "分区 {p}，{parts}"],
  "compact.caption": ["Partitions, one row each", "分区，每行一个"],
  "compact.partition": ["Partition", "分区"],
  "compact.leader": ["Leader", "Leader"],
  "compact.epoch": ["Epoch", "Epoch"],
  "compact.maxLag": ["Max lag", "最大落后"],
  "compact.none": ["none", "无"],
  "compact.open": ["Partition {p}: open details", "分区 {p}：查看详情"],
  "chart.empty": ["HW and LEO history: starts when the simulation runs", "HW 与 LEO 历史：模拟运行后开始记录"],
  "chart.noHistory": ["No history yet", "还没有历史"],
  "chart.caption": [
    "HW (thick) and each replica's LEO, ticks {from}–{to}{one} · offsets {min}–{max}",
    "HW（粗线）和每个副本的 LEO，tick {from}–{to}{one} · 位移 {min}–{max}",
  ],
  "chart.oneSample": [" (one sample)", "（一个样本）"],
  "chart.aria": ["Partition {p} history: leader HW {hw}; {leos}", "分区 {p} 的历史：leader HW {hw}；{leos}"],
  "flag.offline": ["offline: no leader", "离线：没有 leader"],
  "flag.leaderDown": ["leader B{b} {status}: no writes until the controller notices (ZooKeeper session timeout)", "leader B{b} {status}：控制器察觉之前无法写入（ZooKeeper 会话超时）"],
  "flag.leaderDownShort": ["leader B{b} {status}", "leader B{b} {status}"],
  "flag.minIsr": ["ISR < min.insync.replicas ({n})", "ISR < min.insync.replicas（{n}）"],
  "flag.under": ["under-replicated", "副本不足"],

  // ---------------------------------------------------------------- producer panel (views/producer.js, model.js)
  "consumer.noLeader": ["no leader", "没有 leader"],
  "consumer.at": ["at {n} / ", "读到 {n} / "],
  "consumer.resets": [({ n }) => ` (${n} reset${n === 1 ? "" : "s"})`, "（重置 {n} 次）"],
  "consumer.more": [" · … {n} more", " · … 还有 {n} 个"],
  "consumer.read": [({ n }) => ` (${n} record${n === 1 ? "" : "s"} read)`, "（已读 {n} 条）"],
  "request.pending": ["pending", "等待中"],
  "request.acked": ["acked", "已确认"],
  "request.failed": ["failed", "失败"],
  "request.offsets": ["offsets {from}–{to}", "位移 {from}–{to}"],
  "request.offset": ["offset {n}", "位移 {n}"],
  "request.sent": ["sent {t}", "发送于 {t}"],

  // ---------------------------------------------------------------- guarantees (views/guarantees.js)
  "inv.committed-lost": ["a committed record (below an HW a leader reached) is lost or changed", "已提交的消息（低于某个 leader 达到过的 HW）丢失或被改变"],
  "inv.acked-lost": ["a record acknowledged with acks=all is lost: a broken promise", "以 acks=all 确认过的消息丢失：违背了承诺"],
  "inv.acks1-lost": ["a record acknowledged with acks=1 is lost: the risk acks=1 accepts", "以 acks=1 确认过的消息丢失：这是 acks=1 接受的风险"],
  "inv.strong-isr": ["an ISR member lacks the leader's records below the HW (StrongIsr)", "某个 ISR 成员缺少 leader 在 HW 之前的消息（StrongIsr）"],
  "inv.log-divergence": ["two replicas differ below both their HWs (log matching)", "两个副本在各自 HW 之前的内容不一致（日志匹配）"],
  "inv.consistent-read": ["a record a consumer read has changed", "消费者读过的消息改变了"],
  "inv.duplicate": ["an idempotent producer's record was written twice", "幂等生产者的消息被写入了两次"],
  "inv.hw-decreased": ["a leader's HW went back within its leader epoch", "leader 的 HW 在同一 leader epoch 内倒退了"],
  "inv.structure": ["HW ≤ LEO, the leader is in the ISR, the ISR is within the AR", "HW ≤ LEO，leader 在 ISR 中，ISR 是 AR 的子集"],
  "guarantees.list": ["Violations, oldest first", "违反记录，最早的在前"],
  "guarantees.checked": ["What is checked", "检查哪些保证"],
  "guarantees.bad": [({ n }) => `${n} violation${n === 1 ? "" : "s"}: this run broke a replication guarantee.`, "{n} 处违反：这次运行破坏了复制保证。"],
  "guarantees.ok": ["No violation so far. The core checks these after every tick:", "目前没有违反。核心在每个 tick 后检查这些保证："],
  "guarantees.unknown": [
    "No violations reported: this build of the simulator core does not check invariants yet. The ones it will check:",
    "没有报告违反：该版本的模拟器核心还不检查不变量。它将检查：",
  ],
  "guarantees.dropped": ["and {n} more not listed", "还有 {n} 条未列出"],
  "guarantees.jump.aria": ["Jump to tick {tick}, when {kind} was violated", "跳到 tick {tick}，即 {kind} 被违反的时刻"],

  // ---------------------------------------------------------------- ZooKeeper (views/zookeeper.js, zk-model.js)
  "zk.unsupported": ["This build of the simulator core does not report ZooKeeper state (snapshot.zk).", "该版本的模拟器核心不报告 ZooKeeper 状态（snapshot.zk）。"],
  "zk.tree": ["ZooKeeper znodes", "ZooKeeper znode"],
  "zk.deleted": ["Deleted at tick {tick}: {paths}", "在 tick {tick} 删除：{paths}"],
  "zk.version.title": ["zkVersion: bumped on every write; ISR updates are conditional on it", "zkVersion：每次写入加一；ISR 更新以它为条件"],
  "zk.help.controller": ["ephemeral: the broker that won the controller election", "临时节点：赢得控制器选举的 broker"],
  "zk.help.controllerEpoch": ["bumped at every controller election; fences requests from an old controller", "每次控制器选举加一；用来隔离旧控制器的请求"],
  "zk.help.brokerId": ["ephemeral: exists while the broker's ZooKeeper session is alive", "临时节点：broker 的 ZooKeeper 会话有效时存在"],
  "zk.help.topic": ["the replica assignment (AR) of every partition", "每个分区的副本分配（AR）"],
  "zk.help.state": [
    "leader, leader_epoch, isr and controller_epoch; the znode's zkVersion makes ISR updates conditional",
    "leader、leader_epoch、isr 和 controller_epoch；znode 的 zkVersion 使 ISR 更新成为条件更新",
  ],

  // ---------------------------------------------------------------- context menu, inspector
  "menu.details": ["Details…", "详情…"],
  "menu.title": ["Broker {id} · {status}", "Broker {id} · {status}"],
  "menu.aria": ["Actions for broker {id}", "broker {id} 的操作"],
  "insp.nothing": ["Nothing selected", "未选择"],
  "insp.gone": ["{what} does not exist in the current cluster.", "当前集群中不存在{what}。"],
  "insp.status.up": ["up: running and registered", "正常：运行中且已注册"],
  "insp.status.crashed": ["crashed: the process is down", "已宕机：进程已停止"],
  "insp.status.stuck": ["stuck: alive but neither fetching nor answering (e.g. a long GC pause)", "卡住：存活但既不拉取也不应答（例如长时间 GC 停顿）"],
  "insp.status.slow": ["slow: fetches and answers late", "变慢：拉取和应答都延迟"],
  "insp.status.isolated": ["isolated: cut off from the other brokers and ZooKeeper", "被隔离：与其他 broker 和 ZooKeeper 断开"],
  "insp.yes": ["yes", "是"],
  "insp.no": ["no", "否"],
  "insp.none": ["none", "无"],
  "insp.broker": ["Broker {id}", "Broker {id}"],
  "insp.status": ["Status", "状态"],
  "insp.controller": ["Controller", "控制器"],
  "insp.controller.yes": ["yes, controller_epoch {epoch}", "是，controller_epoch {epoch}"],
  "insp.controller.no": ["no (controller: {who})", "否（控制器：{who}）"],
  "insp.registered": ["registered (ZooKeeper session alive)", "已注册（ZooKeeper 会话有效）"],
  "insp.absent": ["absent (session expired or not yet registered)", "不存在（会话过期或尚未注册）"],
  "insp.linksCut": ["Links cut", "已切断的连线"],
  "insp.state": ["State", "状态"],
  "insp.replicasOn": ["Replicas on this broker", "该 broker 上的副本"],
  "insp.col.partition": ["Partition", "分区"],
  "insp.col.role": ["Role", "角色"],
  "insp.col.inIsr": ["In ISR", "在 ISR 中"],
  "insp.col.leaderEpoch": ["Leader epoch", "Leader epoch"],
  "insp.col.logStart": ["Log start", "日志起始"],
  "insp.col.broker": ["Broker", "Broker"],
  "insp.col.lag": ["Lag (msgs)", "落后（条）"],
  "insp.col.follower": ["Follower", "Follower"],
  "insp.col.lastCaughtUp": ["Last caught up", "上次追上"],
  "insp.col.since": ["Since", "距今"],
  "insp.col.fetchInFlight": ["Fetch in flight", "拉取进行中"],
  "insp.col.offset": ["Offset", "位移"],
  "insp.col.value": ["Value", "值"],
  "insp.col.committed": ["Committed", "已提交"],
  "insp.col.hasOffset": ["Has offset", "有该位移"],
  "insp.col.belowHw": ["Below its HW", "低于其 HW"],
  "insp.partition": ["Partition {p}", "分区 {p}"],
  "insp.stateZk": ["State (ZooKeeper)", "状态（ZooKeeper）"],
  "insp.leader": ["Leader", "Leader"],
  "insp.leaderNone": ["none (offline)", "无（离线）"],
  "insp.ar": ["AR (assigned replicas)", "AR（分配副本）"],
  "insp.isr": ["ISR (in sync)", "ISR（同步副本）"],
  "insp.osr": ["OSR (out of sync)", "OSR（不同步副本）"],
  "insp.hw": ["High watermark", "高水位 HW"],
  "insp.hwNone": ["– (no leader)", "–（没有 leader）"],
  "insp.replicas": ["Replicas", "副本"],
  "insp.replicaTitle": ["Replica of P{p} on B{b}", "P{p} 在 B{b} 上的副本"],
  "insp.thisReplica": ["This replica", "这个副本"],
  "insp.role": ["Role", "角色"],
  "insp.brokerRow": ["Broker", "Broker"],
  "insp.inIsr": ["In ISR", "在 ISR 中"],
  "insp.replicaEpoch": ["Leader epoch (this replica's)", "Leader epoch（该副本的）"],
  "insp.leo": ["LEO (log end offset)", "LEO（日志末端位移）"],
  "insp.ownHw": ["HW (its own)", "HW（它自己的）"],
  "insp.partitionHw": ["Partition HW (leader's)", "分区 HW（leader 的）"],
  "insp.logStart": ["Log start offset", "日志起始位移"],
  "insp.followers": ["Followers, as this leader sees them", "该 leader 眼中的 follower"],
  "insp.followers.note": [
    "HW = the smallest LEO among the ISR. A follower is caught up when it has fetched up to the leader's LEO; it leaves the ISR after replica.lag.time.max.ms without catching up.",
    "HW = ISR 中最小的 LEO。follower 拉取到 leader 的 LEO 即为追上；超过 replica.lag.time.max.ms 没追上就离开 ISR。",
  ],
  "insp.asLeaderSees": ["As the leader ({who}) sees it", "leader（{who}）眼中的它"],
  "insp.leoKnown": ["LEO known to the leader", "leader 所知的 LEO"],
  "insp.unknownNoFetch": ["unknown (no fetch yet)", "未知（尚未拉取）"],
  "insp.lag": ["Lag", "落后"],
  "insp.lagMsgs": ["{n} messages", "{n} 条"],
  "insp.lastCaughtUp": ["Last caught up", "上次追上"],
  "insp.never": ["never (with this leader)", "从未（与当前 leader）"],
  "insp.neverShort": ["never", "从未"],
  "insp.unknown": ["unknown", "未知"],
  "insp.fetchInFlight": ["Fetch in flight", "拉取进行中"],
  "insp.newest": ["Newest records ({n} in the snapshot)", "最新的消息（快照中共 {n} 条）"],
  "insp.recordTitle": ["Record at offset {offset} of P{p} on B{b}", "P{p} 在 B{b} 上位移 {offset} 的消息"],
  "insp.thisRecord": ["This record (truncated, deleted by retention, or never written)", "这条消息（已截断、被保留策略删除或从未写入）"],
  "insp.record": ["Record", "消息"],
  "insp.offset": ["Offset", "位移"],
  "insp.writtenBy": ["Leader epoch that wrote it", "写入它的 leader epoch"],
  "insp.value": ["Value", "值"],
  "insp.committed": ["Committed", "已提交"],
  "insp.committed.yes": ["yes: below the leader's HW ({hw}), readable by consumers", "是：低于 leader 的 HW（{hw}），消费者可读"],
  "insp.committed.no": ["no: consumers cannot read it yet", "否：消费者还不能读取"],
  "insp.sameAsLeader": ["Same as the leader's", "与 leader 的相同"],
  "insp.noLeader": ["no leader", "没有 leader"],
  "insp.leaderHasNone": ["the leader has no record here", "leader 在此没有消息"],
  "insp.differs": ["no: the leader's is from epoch {epoch}; this one will be truncated", "否：leader 的来自 epoch {epoch}；这一条将被截断"],
  "insp.everyReplica": ["On every replica", "在每个副本上"],
  "insp.messageTitle": ["Message #{seq}", "消息 #{seq}"],
  "insp.thisMessage": ["This message", "这条消息"],
  "insp.inFlight": ["in flight: arrives in {n} tick(s)", "传输中：{n} tick 后到达"],
  "insp.delivered": ["delivered at tick {tick}", "已在 tick {tick} 送达"],
  "insp.notInFlight": ["not in flight at this tick (dropped, or not sent yet in this history)", "此刻不在传输中（被丢弃，或在这段历史中尚未发送）"],
  "insp.message": ["Message", "消息"],
  "insp.kind": ["Kind", "类型"],
  "insp.fromTo": ["From → to", "从 → 到"],
  "insp.partitionRow": ["Partition", "分区"],
  "insp.sent": ["Sent", "发送"],
  "insp.deliveredRow": ["Delivered", "送达"],
  "insp.statusRow": ["Status", "状态"],
  "insp.content": ["Content", "内容"],
  "insp.tickAt": ["tick {tick} ({time})", "tick {tick}（{time}）"],
  "insp.producer": ["producer", "生产者"],
  "insp.consumer": ["consumer", "消费者"],

  // ---------------------------------------------------------------- configuration form (views/config-model.js)
  "cfg.group.Kafka version": ["Kafka version", "Kafka 版本"],
  "cfg.group.Cluster": ["Cluster", "集群"],
  "cfg.group.Replication": ["Replication", "复制"],
  "cfg.group.Producer": ["Producer", "生产者"],
  "cfg.group.Consumer": ["Consumer", "消费者"],
  "cfg.group.Timing": ["Timing", "时间"],
  "cfg.group.Storage": ["Storage", "存储"],
  "cfg.group.Other": ["Other", "其他"],
  "cfg.version": ["Kafka version", "Kafka 版本"],
  "cfg.version.help": [
    "Replication rules of that release; choosing one resets the settings below to its defaults (cluster shape and seed are kept).",
    "该版本的复制规则；选择后下面的设置恢复为它的默认值（集群规模和种子保留）。",
  ],
  "cfg.brokers": ["Brokers", "Broker 数"],
  "cfg.partitions": ["Partitions", "分区数"],
  "cfg.partitions.help": ["of the one topic, demo", "唯一的主题 demo 的分区数"],
  "cfg.replicationFactor": ["Replication factor", "副本因子"],
  "cfg.replicationFactor.help": ["replicas per partition (AR size)", "每个分区的副本数（AR 大小）"],
  "cfg.seed": ["Seed", "随机种子"],
  "cfg.seed.help": ["the same seed and actions replay the same run", "相同的种子和操作会重放出相同的运行"],
  "cfg.minInsyncReplicas": ["Min in-sync replicas", "最少同步副本数"],
  "cfg.minInsyncReplicas.help": ["acks=all fails with NOT_ENOUGH_REPLICAS below this ISR size", "ISR 小于此值时 acks=all 失败，返回 NOT_ENOUGH_REPLICAS"],
  "cfg.replicaLagTimeMaxMs": ["Replica lag time max", "副本最大落后时间"],
  "cfg.replicaLagTimeMaxMs.help": ["a follower not caught up for this long leaves the ISR", "follower 超过这么久没追上就离开 ISR"],
  "cfg.replicaLagMaxMessages": ["Replica lag max messages", "副本最大落后消息数"],
  "cfg.replicaLagMaxMessages.help": ["0.8's second rule: this many messages behind leaves the ISR (0 = off)", "0.8 的第二条规则：落后这么多条就离开 ISR（0 = 关闭）"],
  "cfg.uncleanLeaderElectionEnable": ["Unclean leader election", "unclean leader 选举"],
  "cfg.uncleanLeaderElectionEnable.help": [
    "elect an out-of-sync replica when no ISR member is alive (may lose committed data)",
    "没有存活的 ISR 成员时选举不同步副本（可能丢失已提交的数据）",
  ],
  "cfg.truncation": ["Truncation on becoming follower", "成为 follower 时的截断方式"],
  "cfg.truncation.help": ["high-watermark (≤0.10), leader-epoch (KIP-101), kip-279 (2.0+)", "high-watermark（≤0.10）、leader-epoch（KIP-101）、kip-279（2.0+）"],
  "cfg.isrUpdate": ["ISR changes written by", "ISR 变更由谁写入"],
  "cfg.isrUpdate.help": [
    "zookeeper: the leader writes the state znode; alter-partition: it asks the controller (KIP-497)",
    "zookeeper：leader 直接写状态 znode；alter-partition：leader 请求控制器（KIP-497）",
  ],
  "cfg.strategy": ["Replication strategy", "复制策略"],
  "cfg.strategy.help": ["isr: Kafka's all-ISR ack (f+1 replicas); quorum: majority ack (2f+1)", "isr：Kafka 的全部 ISR 确认（f+1 个副本）；quorum：多数确认（2f+1）"],
  "cfg.strictMinIsr": ["Strict min ISR on the HW", "HW 严格遵守最少 ISR"],
  "cfg.strictMinIsr.help": ["3.7+: the HW stops while the ISR is below min.insync.replicas", "3.7+：ISR 小于 min.insync.replicas 时 HW 停止前进"],
  "cfg.replicaFetchWaitMaxMs": ["Replica fetch wait max", "副本拉取最长等待"],
  "cfg.replicaFetchWaitMaxMs.help": ["the leader parks an empty fetch this long", "leader 把空拉取挂起这么久"],
  "cfg.replicaFetchBackoffMs": ["Replica fetch backoff", "副本拉取退避"],
  "cfg.zookeeperSessionTimeoutMs": ["ZooKeeper session timeout", "ZooKeeper 会话超时"],
  "cfg.zookeeperSessionTimeoutMs.help": ["how long a crashed broker stays registered before the controller notices", "宕机的 broker 在控制器察觉前保持注册的时间"],
  "cfg.requestTimeoutMs": ["Request timeout", "请求超时"],
  "cfg.replicaHighWatermarkCheckpointIntervalMs": ["HW checkpoint interval", "HW 检查点间隔"],
  "cfg.networkLatencyMsMin": ["Network latency min (ms)", "网络延迟下限（毫秒）"],
  "cfg.networkLatencyMsMax": ["Network latency max (ms)", "网络延迟上限（毫秒）"],
  "cfg.replicaSocketTimeoutMs": ["Replica socket timeout", "副本 socket 超时"],
  "cfg.replicaSocketTimeoutMs.help": ["a follower gives up on an unanswered fetch after this long", "follower 等待拉取应答超过这么久就放弃"],
  "cfg.logRetentionRecords": ["Retention (records)", "保留（消息条数）"],
  "cfg.logRetentionRecords.help": ["whole 4096-record segments below the HW are deleted", "HW 之前完整的 4096 条分段会被删除"],
  "cfg.logFlushIntervalMs": ["Flush interval", "刷盘间隔"],
  "cfg.logFlushIntervalMs.help": ["records written to the log within this time are lost by a power failure (lossy crash)", "这段时间内写入日志的消息会因断电（丢数据宕机）而丢失"],
  "cfg.acks": ["Default acks", "默认 acks"],
  "cfg.acks.help": ["1 until 3.0, all since (KIP-679); the producer form starts with it", "3.0 之前为 1，之后为 all（KIP-679）；生产者表单以它为初值"],
  "cfg.enableIdempotence": ["Idempotence", "幂等"],
  "cfg.enableIdempotence.help": ["sequence numbers let the leader drop retried duplicates (0.11+)", "序列号让 leader 丢弃重试造成的重复（0.11+）"],
  "cfg.retries": ["Retries", "重试次数"],
  "cfg.retryBackoffMs": ["Retry backoff", "重试退避"],
  "cfg.deliveryTimeoutMs": ["Delivery timeout", "投递超时"],
  "cfg.deliveryTimeoutMs.help": ["no retry starts after this long since the first send", "自首次发送起超过这么久就不再重试"],
  "cfg.consumers": ["Run a consumer per partition", "每个分区运行一个消费者"],
  "cfg.consumers.help": ["it polls the leader and reads up to the HW", "它轮询 leader，读到 HW 为止"],
  "cfg.events": ["Record the event feed", "记录事件流"],
  "cfg.events.help": ["off only for benchmarks: the Events panel then stays empty", "仅在基准测试时关闭：此时事件面板为空"],
  "cfg.summary.version": ["Kafka {v}", "Kafka {v}"],
  "cfg.summary.brokers": ["{n} brokers", "{n} 个 broker"],
  "cfg.summary.partitions": [({ n }) => `${n} partition${n === 1 ? "" : "s"}`, "{n} 个分区"],
  "cfg.summary.rf": ["RF {n}", "副本因子 {n}"],
  "cfg.summary.minIsr": ["min.ISR {n}", "min.ISR {n}"],
  "cfg.summary.seed": ["seed {n}", "种子 {n}"],

  // ---------------------------------------------------------------- announcements (views/events-model.js)
  "announce.leader-election": ["Leader change", "Leader 变更"],
  "announce.isr-shrink": ["ISR shrink", "ISR 收缩"],
  "announce.isr-expand": ["ISR expand", "ISR 扩张"],
  "announce.request-failed": ["Request failed", "请求失败"],
  "announce.onPartition": [" on partition {p}", "（分区 {p}）"],
  "announce.violated": ["Guarantee violated: {kind}: {text}", "保证被违反：{kind}：{text}"],
  "announce.more": [" And {n} more.", " 还有 {n} 条。"],
  "speed": ["{tps} ticks/s · {factor}× Kafka time", "{tps} tick/秒 · {factor}× Kafka 时间"],

  // ---------------------------------------------------------------- lessons (views/lesson.js, main.js)
  "lesson.region": ["Lesson", "课程"],
  "lesson.pick": ["Lesson", "课程"],
  "lesson.group.lessons": ["Lessons", "课程"],
  "lesson.group.scenarios": ["Scenarios (regression tests, no captions)", "场景（回归测试，无讲解）"],
  "lesson.stop": ["Stop {n} of {total}", "第 {n} / {total} 步"],
  "lesson.next": ["Next", "下一步"],
  "lesson.next.title": ["Play on to the next stop (N). While it plays: jump there at once", "播放到下一步（N）。播放中再按：立即跳到那里"],
  "lesson.skip": ["Skip ahead", "直接跳到"],
  "lesson.back": ["Back", "上一步"],
  "lesson.back.title": ["Back to the previous stop (B): exact, replays the lesson", "回到上一步（B）：精确，重放课程"],
  "lesson.restart": ["Restart", "从头开始"],
  "lesson.restart.title": ["Start the lesson over", "重新开始本课"],
  "lesson.close": ["Close the lesson", "关闭课程"],
  "lesson.dots": ["Stops of this lesson", "本课的步骤"],
  "lesson.goto": ["Go to stop {n}", "跳到第 {n} 步"],
  "lesson.checkpoints": ["Checkpoints", "检查点"],
  "lesson.checkpoints.count": ["{ok} passed · {bad} failed · {total} so far", "{ok} 通过 · {bad} 失败 · 共 {total} 个"],
  "lesson.checkpoints.none": ["No checkpoint yet: they appear as the lesson reaches them.", "还没有检查点：课程进行到时会出现在这里。"],
  "lesson.checkpoint.actual": ["got {actual}", "实际为 {actual}"],
  "lesson.checkpoint.tick": ["tick {tick}", "tick {tick}"],
  "lesson.wait.failed": ["waited for {text}: not within {max} ticks (now {actual})", "等待 {text}：{max} 个 tick 内没有发生（现在为 {actual}）"],
  "lesson.call.failed": ["line {line}: {error}", "第 {line} 行：{error}"],
  "lesson.status.playing": ["Playing… tick {tick}", "播放中… tick {tick}"],
  "lesson.status.waiting": ["Playing… tick {tick} · waiting for {text}", "播放中… tick {tick} · 等待 {text}"],
  "lesson.status.paused": ["Stopped at tick {tick}. Look around (click anything for details), then press Next.", "停在 tick {tick}。可以四处看看（点击任何东西查看详情），然后按“下一步”。"],
  "lesson.status.end": ["End of the lesson (tick {tick}). Restart it, or pick another one.", "本课结束（tick {tick}）。可以从头开始，或选择另一课。"],
  "lesson.status.offScript": [
    "You have moved away from the lesson (tick {tick}). Next returns to stop {n} and plays on; Back goes to the stop before.",
    "你已离开课程进度（tick {tick}）。“下一步”会回到第 {n} 步并继续播放；“上一步”回到前一步。",
  ],
  "lesson.status.autoplay": ["Next stop in {s} s…", "{s} 秒后进入下一步…"],
  "lesson.unknown": ["There is no lesson or scenario called \"{name}\".", "没有名为“{name}”的课程或场景。"],
  "lesson.loadFailed": ["The lesson {name} could not be read: {error}", "无法读取课程 {name}：{error}"],
  "lesson.noCaption": ["(This scenario has no captions: it is a regression test. Watch the views, and the checkpoints below.)", "（这个场景没有讲解：它是一个回归测试。请观察视图和下面的检查点。）"],
  "lesson.choose": ["Choose a lesson…", "选择一课…"],

  // ---------------------------------------------------------------- compare mode (views/compare.js, compare.js)
  "compare.region": ["Compare", "对比"],
  "compare.preset": ["Compare", "对比"],
  "compare.close": ["Back to the playground", "返回演练场"],
  "compare.sameSeed": ["Same seed ({seed}) and the same faults in both; only {key} differs.", "两边种子（{seed}）和故障完全相同；只有 {key} 不同。"],
  "compare.difference": ["The difference", "差异"],
  "compare.row.lost": ["Acknowledged records lost", "已确认但丢失的消息"],
  "compare.row.lostValues": ["Acknowledged values missing from the log", "日志中缺失的已确认值"],
  "compare.row.violations": ["Guarantees broken (violations)", "被破坏的保证（违反）"],
  "compare.row.errors": ["Failed requests (Kafka error)", "失败的请求（Kafka 错误）"],
  "compare.row.unavailable": ["Time unavailable (no live leader, or acks=all failing)", "不可用时间（没有存活的 leader，或 acks=all 失败）"],
  "compare.row.acked": ["Requests acknowledged", "已确认的请求"],
  "compare.row.isrChanges": ["ISR changes", "ISR 变更次数"],
  "compare.row.hw": ["Final HW", "最终 HW"],
  "compare.row.leader": ["Leader now", "当前 leader"],
  "compare.none": ["none", "无"],
  "compare.seconds": ["{s} s", "{s} 秒"],
  "compare.same": ["Same in both panes so far.", "到目前为止两边相同。"],
  "compare.finding.lost": ["{a}: {n} acknowledged record(s) lost.", "{a}：丢失了 {n} 条已确认的消息。"],
  "compare.finding.noLoss": ["{a}: no acknowledged record lost.", "{a}：没有丢失已确认的消息。"],
  "compare.finding.errors": ["{a}: {n} request(s) failed ({names}).", "{a}：{n} 个请求失败（{names}）。"],
  "compare.finding.unavailable": ["{a}: unavailable for {s} s.", "{a}：不可用 {s} 秒。"],
  "compare.finding.isr": ["{a}: {n} ISR change(s).", "{a}：ISR 变更 {n} 次。"],
  "compare.pane": ["Pane {n}: {label}", "第 {n} 栏：{label}"],
  "compare.picture": ["Compact picture of the cluster with {label}", "{label} 时集群的简图"],
  "compare.checks": ["Checkpoints in this pane", "本栏的检查点"],
  "compare.unavailableNow": ["unavailable now", "当前不可用"],

  // ---------------------------------------------------------------- compact picture (views/picture.js)
  "pic.partition": ["P{p}", "P{p}"],
  "pic.leader": ["leader B{b}", "leader B{b}"],
  "pic.noLeader": ["no leader", "无 leader"],
  "pic.epoch": ["epoch {e}", "epoch {e}"],
  "pic.isr": ["ISR {set}", "ISR {set}"],
  "pic.hw": ["HW {hw}", "HW {hw}"],
  "pic.leo": ["LEO {leo}", "LEO {leo}"],
  "pic.empty": ["empty log", "空日志"],
  "pic.tick": ["tick {tick} · {time}", "tick {tick} · {time}"],
  "pic.key.committed": ["committed (mN = value N)", "已提交（数字为消息 mN）"],
  "pic.key.uncommitted": ["not committed yet", "尚未提交"],
  "pic.key.divergent": ["differs from the leader: truncated next", "与 leader 不同：将被截断"],

  // ---------------------------------------------------------------- share, embed, export (views/share.js, share.js)
  "share.title": ["Share, embed and export", "分享、嵌入与导出"],
  "share.link": ["Link to this moment", "指向此刻的链接"],
  "share.link.help": [
    "The link holds the format version, the configuration and seed, every action and the position (tick {tick}), with a checksum. Opening it replays them exactly.",
    "链接包含格式版本、配置与种子、全部操作和当前位置（tick {tick}），并带校验和。打开时会精确重放。",
  ],
  "share.link.lesson": [
    "The link opens lesson {name} at stop {n}, in the current language.",
    "该链接会以当前语言打开课程 {name} 的第 {n} 步。",
  ],
  "share.copy": ["Copy", "复制"],
  "share.copied": ["Copied.", "已复制。"],
  "share.copyFailed": ["Copying was refused by the browser: select the text and copy it.", "浏览器拒绝了复制：请选中文本后手动复制。"],
  "share.embed": ["Embed in a docs page", "嵌入文档页面"],
  "share.embed.help": ["One script tag, then the element wherever the playground should appear:", "一个 script 标签，然后在需要显示演练场的地方放置该元素："],
  "share.export": ["Export", "导出"],
  "share.traceJson": ["Trace (JSON)", "轨迹（JSON）"],
  "share.traceText": ["Log (text)", "日志（文本）"],
  "share.svg": ["Picture (SVG)", "图片（SVG）"],
  "share.png": ["Picture (PNG)", "图片（PNG）"],
  "share.export.help": [
    "The trace replays the history from tick 0 to tick {tick}: the configuration, your actions and every event. The picture is the cluster and its partitions as drawn now.",
    "轨迹从 tick 0 重放到 tick {tick}：包括配置、你的操作和所有事件。图片是当前画出的集群及其分区。",
  ],
  "share.exported": ["Saved {file}.", "已保存 {file}。"],
  "share.exportFailed": ["The export failed: {error}", "导出失败：{error}"],
  "link.damaged": [
    "This shared link is damaged (its checksum does not match, so part of it was lost or changed in copying). It was not opened: you are looking at a fresh cluster.",
    "这个分享链接已损坏（校验和不匹配，复制时有部分内容丢失或被改动）。它没有被打开：你看到的是一个新的集群。",
  ],
  "link.version": [
    "This shared link was made by another version of the playground (format v={v}; this page reads v=1). It was not opened: you are looking at a fresh cluster.",
    "这个分享链接由另一版本的演练场生成（格式 v={v}；本页面读取 v=1）。它没有被打开：你看到的是一个新的集群。",
  ],
  "link.format": [
    "This shared link cannot be read ({why}). It was not opened: you are looking at a fresh cluster.",
    "无法读取这个分享链接（{why}）。它没有被打开：你看到的是一个新的集群。",
  ],
  "link.replayFailed": [
    "This shared link could not be replayed by this simulator core ({error}). You are looking at a fresh cluster.",
    "当前模拟器核心无法重放这个分享链接（{error}）。你看到的是一个新的集群。",
  ],
  "link.opened": ["Opened a shared link: tick {tick}, {n} action(s) replayed.", "已打开分享链接：tick {tick}，重放了 {n} 个操作。"],
  "param.bad": ["The URL parameter {name}={value} was ignored: {why}", "已忽略 URL 参数 {name}={value}：{why}"],
};
