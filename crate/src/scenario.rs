//! Scenario scripts: one command per line, mirroring the API. The same files are regression
//! tests (`cargo test`), lessons and embeds (the page runs them through the wasm handle).
//!
//! ```text
//! # What this demonstrates (comment lines start with #)
//! config brokers=2 partitions=1 replicationFactor=2
//! produce partition=0 count=3 acks=all
//! step 20
//! expect p0.hw == 3
//! fail 1
//! step until p0.isr == [0] max 200
//! expect request1.status == acked
//! ```
//!
//! Commands: `config k=v…` (first command only), `produce k=v…`, `step [N]`,
//! `step until <expectation> [max N]`, `fail B [crash|stuck|slow|isolated|shutdown] [k=v…]` (options:
//! `lossy=true`, `delayMs=N`, `zookeeper=true`), `recover B`, `cut A B`, `heal A B`,
//! `drop-next <message kind>`, `add-replica P B`, `reassign P B…`, `cancel-reassignment P`, `elect-leaders preferred|unclean [P…]`,
//! `expect <expectation>`; for lessons,
//! `title en|zh <text>`, `caption en|zh <text>` (the narration from here on), `pause` (a stop
//! the reader steps to, forward or back) and `check en|zh <text>` (the sentence the page shows
//! for the `expect` right after it: "b1 has m1 only" rather than `p0.b1.values == [1]`).
//!
//! Compare files (`scenarios/compare/`, the page's compare mode): `compare key=left,right` first
//! (e.g. `compare acks=1,all`; titles may precede it), `label en|zh <left> | <right>` (the sides'
//! names), then a script played on two clusters side by side, one with each value; `expect left|right
//! <expectation>` is a checkpoint of one side (without: of both), and `step until` waits until its
//! expectation holds on both.
//!
//! Recorded output, as etcd raft's data-driven tests: `status` (the cluster's state and the
//! requests) and `trace [all]` (the events since the previous `trace`; `all` keeps the per-fetch
//! ones) are followed by their output under a `----` line, up to a blank line. Playing the script
//! compares it line by line, so a change of behaviour that no `expect` names still shows;
//! `REWRITE=1 cargo test` records the new output. The page skips both (they are not actions).
//! An expectation is `<path> <op> <value>` with op one of `== != >= <= > <`. Paths: `tick`,
//! `controller`, `controller.epoch`, `bB.status`, `pP.leader`, `pP.leaderEpoch`, `pP.isr`, `pP.hw`,
//! `pP.zkVersion`, `pP.replicas`, `pP.addingReplicas`, `pP.removingReplicas`, KRaft presets: `pP.elr`, `pP.lastKnownElr`, `pP.partitionEpoch`,
//! `pP.recovering` (yes/no), `bB.fenced` (yes/no); `bB.brokerEpoch` (ZooKeeper presets: the czxid of its registration, -1 before it registered); `quorum.leader` (-1: none),
//! `quorum.epoch`, `quorum.hw` (the newest running leader's), `cC.state`, `cC.status`, `cC.epoch`,
//! `cC.leo`, `cC.hw`, `cC.votedFor` (controller C, e.g. `c3001.state`); `pP.bB.leo`, `pP.bB.hw`, `pP.bB.role`, `pP.bB.leaderEpoch`, `pP.bB.values`, `pP.bB.epochs`,
//! `pP.bB.fetchBrokerEpoch` (the broker epoch b's last fetch carried, as p's leader recorded it, KIP-903: -1 none carried, -2 no fetch in this leadership),
//! `pP.consumer.position`, `pP.consumer.values`, `pP.consumer.resets`, `pP.consumer.fetchingFrom`,
//! `pP.consumer.preferredReadReplica` (-1: none), `pP.consumer.hw` (of the replica it reads from), `violations` (count),
//! `violations.KIND` (count of one kind, e.g. `violations.acked-lost`), `requestN.status`,
//! `requestN.error`, `requestN.offset`. Values: integers, lists `[1,2]`, words.

use crate::api::{quoted, ApiError, Value};
use crate::cluster::Cluster;
use crate::collections::VecMap;
use crate::events::Event;
use crate::faults::FailKind;
use crate::partition::Role;
use crate::producer::ProduceArgs;
use std::fmt;

/// Where and why a script is wrong: a parse error, a rejected call or a failed expectation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for ScriptError {}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Eq,
    Ne,
    Ge,
    Le,
    Gt,
    Lt,
}

impl Op {
    fn parse(s: &str) -> Option<Op> {
        Some(match s {
            "==" => Op::Eq,
            "!=" => Op::Ne,
            ">=" => Op::Ge,
            "<=" => Op::Le,
            ">" => Op::Gt,
            "<" => Op::Lt,
            _ => return None,
        })
    }

    fn symbol(self) -> &'static str {
        match self {
            Op::Eq => "==",
            Op::Ne => "!=",
            Op::Ge => ">=",
            Op::Le => "<=",
            Op::Gt => ">",
            Op::Lt => "<",
        }
    }
}

/// A value in an expectation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operand {
    Int(i64),
    List(Vec<i64>),
    Word(String),
}

impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Operand::Int(n) => write!(f, "{n}"),
            Operand::List(l) => write!(f, "[{}]", l.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(",")),
            Operand::Word(w) => f.write_str(w),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expectation {
    pub path: String,
    pub op: Op,
    pub value: Operand,
}

impl fmt::Display for Expectation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.path, self.op.symbol(), self.value)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Config(Vec<(String, Value)>),
    Produce(Vec<(String, Value)>),
    Step(u64),
    StepUntil {
        expectation: Expectation,
        max: u64,
    },
    Fail(u32, FailKind),
    Recover(u32),
    Cut(u32, u32),
    Heal(u32, u32),
    DropNext(Value),
    AddReplica(u32, u32),
    /// `reassign P B…`: the admin's reassignment of partition P to the replicas B… (in order).
    Reassign(u32, Vec<u32>),
    /// `cancel-reassignment P`: the admin's cancellation (`kafka-reassign-partitions.sh --cancel`).
    CancelReassignment(u32),
    /// `elect-leaders preferred|unclean [P…]`: the admin's ElectLeaders (all partitions without P).
    ElectLeaders(crate::elections::ElectionType, Vec<u32>),
    /// A checkpoint, with the sentences of the `check` lines before it (language → text) and, in
    /// a compare file, the side it holds on (`expect left …`: 0, `right`: 1; None: both).
    Expect(Expectation, VecMap<String, String>, Option<usize>),
    /// Compare files: `compare key=left,right`, the config key each side sets (before `config`).
    Compare {
        key: String,
        values: [Value; 2],
    },
    /// Compare files: `label en|zh <left> | <right>`, the sides' names as the page shows them.
    Label {
        lang: String,
        text: String,
    },
    /// Lessons: the title, in one language (`title en …`, `title zh …`).
    Title {
        lang: String,
        text: String,
    },
    /// Lessons: the narration shown from here on, in one language.
    Caption {
        lang: String,
        text: String,
    },
    /// Lessons: a stop; the reader continues (or steps back) from one pause to the next.
    Pause,
    /// The cluster's state and the requests, checked against the recorded output.
    Status(Option<Recorded>),
    /// The events since the previous `trace` (`all`: with the per-fetch ones), checked likewise.
    Trace {
        all: bool,
        recorded: Option<Recorded>,
    },
}

/// The output recorded under a `status` or `trace` line: from the `----` line (`first`) to the
/// last output line (`last`), 1-based line numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    pub lines: Vec<String>,
    pub first: usize,
    pub last: usize,
}

/// The line that starts a recorded output.
pub const OUTPUT_MARK: &str = "----";

/// Languages lessons are written in.
pub const LANGUAGES: [&str; 2] = ["en", "zh"];

/// A compare file's two sides, as `expect left|right` names them.
pub const SIDES: [&str; 2] = ["left", "right"];

impl Command {
    /// Titles, captions, pauses and a compare file's header: lesson text, not actions.
    pub fn is_narration(&self) -> bool {
        matches!(self, Command::Title { .. } | Command::Caption { .. } | Command::Pause | Command::Compare { .. } | Command::Label { .. })
    }

    /// `status` and `trace`: checks of recorded output, not actions (the page skips them).
    pub fn is_record(&self) -> bool {
        matches!(self, Command::Status(_) | Command::Trace { .. })
    }
}

/// The largest integer a JS number holds exactly (tick counts cross to JS as numbers).
const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// A decimal number as the JS API would receive it: `-?digits(.digits)?`, at most 15 digits
/// (other text stays a string, which the command then rejects by name). m / 10^k with both
/// exact in an f64 is correctly rounded, as `parse::<f64>` would give, without its tables.
fn number(v: &str) -> Option<f64> {
    let (negative, body) = v.strip_prefix('-').map_or((false, v), |b| (true, b));
    let (whole, frac) = body.split_once('.').unwrap_or((body, ""));
    let digits = || whole.bytes().chain(frac.bytes());
    if whole.is_empty() || body.ends_with('.') || whole.len() + frac.len() > 15 || !digits().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let m = digits().fold(0u64, |m, b| m * 10 + u64::from(b - b'0'));
    let n = m as f64 / 10f64.powi(frac.len() as i32);
    Some(if negative { -n } else { n })
}

/// A value as a script writes it (`all`, not `"all"`).
fn word(v: &Value) -> String {
    match v {
        Value::Str(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A `k=v` value as the JS API would receive it: a boolean, a number, else a string.
fn value_of(v: &str) -> Value {
    match v {
        "true" => Value::Bool(true),
        "false" => Value::Bool(false),
        _ => number(v).map(Value::Num).unwrap_or_else(|| Value::Str(v.to_string())),
    }
}

/// One command as plain data (`parseScenario` in JS): the method to call and its arguments,
/// without the parts a command does not have (no `null`s), as docs/api.md shows it.
#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct LineView {
    pub line: usize,
    /// config, produce, step, stepUntil, fail, recover, cut, heal, dropNext, addReplica, expect,
    /// title, caption, pause.
    pub command: &'static str,
    /// config and produce keys; fail options.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub options: Option<VecMap<String, Value>>,
    /// Ticks (step), the most ticks (stepUntil), a broker (fail, recover, cut, heal, addReplica's
    /// broker) — see `args`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub args: Vec<u64>,
    /// fail's kind, dropNext's message kind, title and caption's language.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// An expectation (`p0.hw >= 5`) or a title or caption's text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// expect: its `check` sentences by language (`{"en": "b1 has m1 only", "zh": …}`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sentence: Option<VecMap<String, String>>,
}

impl LineView {
    fn of(l: &Line) -> LineView {
        let mut v = LineView { line: l.number, ..LineView::default() };
        let pairs = |p: &[(String, Value)]| Some(p.iter().cloned().collect::<VecMap<_, _>>());
        match &l.command {
            Command::Config(p) => (v.command, v.options) = ("config", pairs(p)),
            Command::Produce(p) => (v.command, v.options) = ("produce", pairs(p)),
            Command::Step(n) => (v.command, v.args) = ("step", vec![*n]),
            Command::StepUntil { expectation, max } => {
                (v.command, v.args, v.text) = ("stepUntil", vec![*max], Some(expectation.to_string()))
            }
            Command::Fail(b, kind) => {
                let (name, options) = kind.as_args();
                (v.command, v.args, v.kind, v.options) = ("fail", vec![u64::from(*b)], Some(name.to_string()), Some(options));
            }
            Command::Recover(b) => (v.command, v.args) = ("recover", vec![u64::from(*b)]),
            Command::Cut(a, b) => (v.command, v.args) = ("cut", vec![u64::from(*a), u64::from(*b)]),
            Command::Heal(a, b) => (v.command, v.args) = ("heal", vec![u64::from(*a), u64::from(*b)]),
            Command::DropNext(k) => (v.command, v.kind) = ("dropNext", Some(k.to_string().trim_matches('"').to_string())),
            Command::AddReplica(p, b) => (v.command, v.args) = ("addReplica", vec![u64::from(*p), u64::from(*b)]),
            Command::Reassign(p, rs) => (v.command, v.args) = ("reassign", std::iter::once(p).chain(rs).map(|b| u64::from(*b)).collect()),
            Command::CancelReassignment(p) => (v.command, v.args) = ("cancelReassignment", vec![u64::from(*p)]),
            Command::ElectLeaders(kind, ps) => {
                (v.command, v.kind, v.args) = ("electLeaders", Some(kind.label().to_string()), ps.iter().map(|p| u64::from(*p)).collect())
            }
            Command::Expect(x, says, side) => {
                (v.command, v.text, v.sentence) = ("expect", Some(x.to_string()), (!says.is_empty()).then(|| says.clone()));
                v.kind = side.map(|i| SIDES[i].to_string());
            }
            Command::Compare { key, values } => {
                (v.command, v.kind) = ("compare", Some(key.clone()));
                v.options = Some(SIDES.iter().map(|s| s.to_string()).zip(values.iter().cloned()).collect());
            }
            Command::Label { lang, text } => (v.command, v.kind, v.text) = ("label", Some(lang.clone()), Some(text.clone())),
            Command::Title { lang, text } => (v.command, v.kind, v.text) = ("title", Some(lang.clone()), Some(text.clone())),
            Command::Caption { lang, text } => (v.command, v.kind, v.text) = ("caption", Some(lang.clone()), Some(text.clone())),
            Command::Pause => v.command = "pause",
            Command::Status(_) | Command::Trace { .. } => unreachable!("views() leaves out recorded output"),
        }
        v
    }
}

impl Expectation {
    /// Parses `p0.hw >= 5` (what `Cluster.expect` takes from JS).
    pub fn parse(text: &str) -> Result<Expectation, ScriptError> {
        let mut c = Cursor::new(1, text);
        let x = c.expectation()?;
        c.end()?;
        Ok(x)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub number: usize,
    pub command: Command,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Script {
    pub lines: Vec<Line>,
}

/// Longest `step until` allowed when no `max` is given.
pub const DEFAULT_UNTIL_MAX: u64 = 10_000;

struct Cursor<'a> {
    line: usize,
    text: &'a str,
    /// Byte offsets of the tokens, for columns.
    tokens: Vec<(usize, &'a str)>,
    next: usize,
}

impl<'a> Cursor<'a> {
    fn new(line: usize, text: &'a str) -> Cursor<'a> {
        let mut tokens = Vec::new();
        let mut start = None;
        for (i, ch) in text.char_indices() {
            match (ch.is_whitespace(), start) {
                (true, Some(s)) => {
                    tokens.push((s, &text[s..i]));
                    start = None;
                }
                (false, None) => start = Some(i),
                _ => {}
            }
        }
        if let Some(s) = start {
            tokens.push((s, &text[s..]));
        }
        Cursor { line, text, tokens, next: 0 }
    }

    fn error_at(&self, column_byte: usize, message: String) -> ScriptError {
        ScriptError { line: self.line, column: self.text[..column_byte.min(self.text.len())].chars().count() + 1, message }
    }

    /// An error at the next token (or the line's end).
    fn error(&self, message: String) -> ScriptError {
        let at = self.tokens.get(self.next).map_or(self.text.len(), |t| t.0);
        self.error_at(at, message)
    }

    fn take(&mut self, what: &str) -> Result<&'a str, ScriptError> {
        match self.tokens.get(self.next) {
            Some(&(_, t)) => {
                self.next += 1;
                Ok(t)
            }
            None => Err(self.error(format!("expected {what}"))),
        }
    }

    fn peek(&self) -> Option<&'a str> {
        self.tokens.get(self.next).map(|t| t.1)
    }

    /// An integer in `0..=max`: tick counts up to 2^53 − 1 (exact as JS numbers), ids up to
    /// u32::MAX (never wrapped).
    fn int(&mut self, what: &str, max: u64) -> Result<u64, ScriptError> {
        let at = self.next;
        let t = self.take(what)?;
        t.parse().ok().filter(|n| *n <= max).ok_or_else(|| {
            self.next = at;
            self.error(format!("expected {what} (an integer from 0 to {max}), got {}", quoted(t)))
        })
    }

    fn ticks(&mut self, what: &str) -> Result<u64, ScriptError> {
        self.int(what, MAX_SAFE_INTEGER)
    }

    fn id(&mut self, what: &str) -> Result<u32, ScriptError> {
        self.int(what, u64::from(u32::MAX)).map(|n| n as u32)
    }

    fn end(&self) -> Result<(), ScriptError> {
        match self.peek() {
            None => Ok(()),
            Some(t) => Err(self.error(format!("unexpected {} at the end of the command", quoted(t)))),
        }
    }

    /// `key=value` pairs, values as the JS API would receive them.
    fn pairs(&mut self) -> Result<Vec<(String, Value)>, ScriptError> {
        let mut out = Vec::new();
        while let Some(t) = self.peek() {
            let Some((k, v)) = t.split_once('=') else {
                return Err(self.error(format!("expected key=value, got {}", quoted(t))));
            };
            out.push((k.to_string(), value_of(v)));
            self.next += 1;
        }
        Ok(out)
    }

    /// `compare key=left,right`.
    fn compare(&mut self) -> Result<Command, ScriptError> {
        let pair = self.take("key=left,right (the config key the two sides set)")?;
        let parsed = pair.split_once('=').and_then(|(k, v)| v.split_once(',').map(|(a, b)| (k, a, b)));
        let Some((key, a, b)) = parsed.filter(|(k, a, b)| !k.is_empty() && !a.is_empty() && !b.is_empty() && !b.contains(',') && a != b)
        else {
            self.next -= 1;
            return Err(self.error(format!("expected key=left,right with two different values, e.g. acks=1,all; got {}", quoted(pair))));
        };
        Ok(Command::Compare { key: key.to_string(), values: [value_of(a), value_of(b)] })
    }

    fn expectation(&mut self) -> Result<Expectation, ScriptError> {
        let path = self.take("a path such as p0.hw")?.to_string();
        let op_at = self.next;
        let op_text = self.take("an operator (== != >= <= > <)")?;
        let op = Op::parse(op_text).ok_or_else(|| {
            self.next = op_at;
            self.error(format!("expected an operator (== != >= <= > <), got {}", quoted(op_text)))
        })?;
        let v = self.take("a value")?;
        let value = if let Some(inner) = v.strip_prefix('[').and_then(|s| s.strip_suffix(']')) {
            let items: Result<Vec<i64>, _> = inner.split(',').filter(|s| !s.is_empty()).map(|s| s.trim().parse()).collect();
            Operand::List(items.map_err(|_| {
                self.next -= 1;
                self.error(format!("expected a list of integers such as [0,1], got {}", quoted(v)))
            })?)
        } else if let Ok(n) = v.parse() {
            Operand::Int(n)
        } else {
            Operand::Word(v.to_string())
        };
        Ok(Expectation { path, op, value })
    }
}

impl Script {
    pub fn parse(text: &str) -> Result<Script, ScriptError> {
        let mut lines = Vec::new();
        let raw_lines: Vec<&str> = text.lines().collect();
        // `check` sentences waiting for their `expect`, and the line of the first.
        let mut says: VecMap<String, String> = VecMap::new();
        let mut says_line = 0;
        let mut i = 0;
        while i < raw_lines.len() {
            let (number, raw) = (i + 1, raw_lines[i]);
            i += 1;
            let mut c = Cursor::new(number, raw);
            let Some(word) = c.peek() else { continue };
            if word.starts_with('#') {
                continue;
            }
            c.next += 1;
            if !says.is_empty() && !matches!(word, "check" | "expect") {
                return Err(
                    c.error_at(0, format!("expected the expect that the check on line {says_line} describes, got {}", quoted(word)))
                );
            }
            let command = match word {
                "config" => {
                    if lines.iter().any(|l: &Line| !l.command.is_narration()) {
                        return Err(c.error_at(0, "config must come before every other command (titles and captions may precede it)".to_string()));
                    }
                    Command::Config(c.pairs()?)
                }
                "produce" => Command::Produce(c.pairs()?),
                "step" => match c.peek() {
                    None => Command::Step(1),
                    Some("until") => {
                        c.next += 1;
                        let expectation = c.expectation()?;
                        let max = if c.peek() == Some("max") {
                            c.next += 1;
                            c.ticks("the most ticks to wait")?
                        } else {
                            DEFAULT_UNTIL_MAX
                        };
                        Command::StepUntil { expectation, max }
                    }
                    Some(_) => Command::Step(c.ticks("a number of ticks")?),
                },
                "fail" => {
                    let broker = c.id("a broker id")?;
                    let at = c.next;
                    let kind = match c.peek() {
                        Some(k) if !k.contains('=') => {
                            c.next += 1;
                            Value::Str(k.to_string())
                        }
                        _ => Value::Null,
                    };
                    let options = c.pairs()?;
                    let kind = FailKind::from_args(&kind, &options).map_err(|e| {
                        c.next = at;
                        c.error(e.to_string())
                    })?;
                    Command::Fail(broker, kind)
                }
                "recover" => Command::Recover(c.id("a broker id")?),
                "cut" => Command::Cut(c.id("a broker id")?, c.id("a second broker id")?),
                "heal" => Command::Heal(c.id("a broker id")?, c.id("a second broker id")?),
                "add-replica" => Command::AddReplica(c.id("a partition")?, c.id("a broker id")?),
                "reassign" => {
                    let p = c.id("a partition")?;
                    let mut replicas = vec![c.id("a broker id")?];
                    while c.peek().is_some() {
                        replicas.push(c.id("a broker id")?);
                    }
                    Command::Reassign(p, replicas)
                }
                "cancel-reassignment" => Command::CancelReassignment(c.id("a partition")?),
                "elect-leaders" => {
                    let at = c.next;
                    let kind = crate::elections::ElectionType::from_arg(&Value::Str(c.take("an election type (preferred or unclean)")?.to_string()))
                        .map_err(|e| {
                            c.next = at;
                            c.error(e.to_string())
                        })?;
                    let mut partitions = Vec::new();
                    while c.peek().is_some() {
                        partitions.push(c.id("a partition")?);
                    }
                    Command::ElectLeaders(kind, partitions)
                }
                "drop-next" => Command::DropNext(Value::Str(c.take("a message kind such as FetchResponse")?.to_string())),
                "expect" => {
                    let side = c.peek().and_then(|w| SIDES.iter().position(|s| *s == w));
                    if side.is_some() {
                        if !lines.iter().any(|l: &Line| matches!(l.command, Command::Compare { .. })) {
                            return Err(c.error("expect left|right is for compare files (after their compare line)".to_string()));
                        }
                        c.next += 1;
                    }
                    Command::Expect(c.expectation()?, std::mem::take(&mut says), side)
                }
                "compare" => {
                    if lines.iter().any(|l: &Line| !matches!(l.command, Command::Title { .. })) {
                        return Err(c.error_at(0, "compare must come first, before config (titles may precede it)".to_string()));
                    }
                    c.compare()?
                }
                "title" | "caption" | "check" | "label" => {
                    let at = c.next;
                    let lang = c.take("a language (en or zh)")?;
                    if !LANGUAGES.contains(&lang) {
                        c.next = at;
                        return Err(c.error(format!("expected a language (en or zh), got {}", quoted(lang))));
                    }
                    let start = c.tokens.get(c.next).map_or(raw.len(), |t| t.0);
                    let text = raw[start..].trim().to_string();
                    if text.is_empty() {
                        return Err(c.error(format!("expected the {word}'s text after the language")));
                    }
                    c.next = c.tokens.len();
                    let lang = lang.to_string();
                    match word {
                        "title" => Command::Title { lang, text },
                        "caption" => Command::Caption { lang, text },
                        "label" => {
                            if !lines.iter().any(|l: &Line| matches!(l.command, Command::Compare { .. })) {
                                return Err(c.error_at(0, "label is for compare files (after their compare line)".to_string()));
                            }
                            if text.split(" | ").count() != 2 {
                                return Err(c.error(format!("expected the two sides' names as <left> | <right>, got {}", quoted(&text))));
                            }
                            Command::Label { lang, text }
                        }
                        _ => {
                            if says.contains_key(&lang) {
                                c.next = at;
                                return Err(c.error(format!("a second {lang} check for the same expect")));
                            }
                            if says.is_empty() {
                                says_line = number;
                            }
                            says.insert(lang, text);
                            continue;
                        }
                    }
                }
                "pause" => Command::Pause,
                "status" | "trace" => {
                    let all = word == "trace" && c.peek() == Some("all");
                    if all {
                        c.next += 1;
                    }
                    c.end()?;
                    // The output runs from the `----` line to a blank line or the end.
                    let recorded = (raw_lines.get(i).map(|l| l.trim_end()) == Some(OUTPUT_MARK)).then(|| {
                        let first = i + 1;
                        let body: Vec<String> =
                            raw_lines[i + 1..].iter().take_while(|l| !l.trim().is_empty()).map(|l| l.trim_end().to_string()).collect();
                        i += 1 + body.len();
                        Recorded { last: first + body.len(), first, lines: body }
                    });
                    if word == "status" {
                        Command::Status(recorded)
                    } else {
                        Command::Trace { all, recorded }
                    }
                }
                other => {
                    return Err(c.error_at(
                        0,
                        format!(
                            "unknown command {}; expected config, produce, step, fail, recover, cut, heal, drop-next, add-replica, reassign, cancel-reassignment, elect-leaders, expect, check, title, caption, pause, status or trace",
                            quoted(other)
                        ),
                    ))
                }
            };
            c.end()?;
            lines.push(Line { number, command });
        }
        if !says.is_empty() {
            return Err(ScriptError {
                line: says_line,
                column: 1,
                message: "a check must be followed by the expect it describes".to_string(),
            });
        }
        Ok(Script { lines })
    }

    /// The cluster the script's `config` line describes (defaults without one).
    pub fn cluster(&self) -> Result<Cluster, ScriptError> {
        self.side_cluster(None)
    }

    /// A compare file's `compare` line: its line, key and the two values.
    pub fn compare(&self) -> Option<(usize, &str, &[Value; 2])> {
        self.lines.iter().find_map(|l| match &l.command {
            Command::Compare { key, values } => Some((l.number, key.as_str(), values)),
            _ => None,
        })
    }

    /// The cluster of side `side` of a compare file (its `config` plus key=value), or of the
    /// script (None).
    fn side_cluster(&self, side: Option<usize>) -> Result<Cluster, ScriptError> {
        let config = self.lines.iter().find_map(|l| match &l.command {
            Command::Config(p) => Some((l.number, p.clone())),
            _ => None,
        });
        let (line, mut pairs) = config.unwrap_or((1, Vec::new()));
        if let (Some(i), Some((compare_line, key, values))) = (side, self.compare()) {
            if pairs.iter().any(|(k, _)| k == key) {
                return Err(ScriptError {
                    line,
                    column: 1,
                    message: format!("{key} is the compared key: each side sets it (line {compare_line})"),
                });
            }
            pairs.push((key.to_string(), values[i].clone()));
            return Cluster::from_pairs(&pairs).map_err(|e| api_error(compare_line, e));
        }
        Cluster::from_pairs(&pairs).map_err(|e| api_error(line, e))
    }

    /// The commands as plain data for the page, which plays them through the `Cluster` handle.
    pub fn views(&self) -> Vec<LineView> {
        self.lines.iter().filter(|l| !l.command.is_record()).map(LineView::of).collect()
    }

    /// Runs every command on a fresh cluster; returns it with all events, or the first error
    /// (a failed expectation, or output that differs from the recorded one).
    pub fn run(&self) -> Result<(Cluster, Vec<Event>), ScriptError> {
        self.play(|line, recorded, actual| {
            let Some(recorded) = recorded else {
                return Err(ScriptError {
                    line: line.number,
                    column: 1,
                    message: "no recorded output under it: REWRITE=1 cargo test records it".to_string(),
                });
            };
            let differs = (0..recorded.lines.len().max(actual.len())).find(|&k| recorded.lines.get(k) != actual.get(k));
            match differs {
                None => Ok(()),
                Some(k) => Err(ScriptError {
                    line: recorded.first + 1 + k,
                    column: 1,
                    message: format!(
                        "the output differs from the recorded one (REWRITE=1 cargo test records it anew):\n  recorded: {}\n  now:      {}",
                        recorded.lines.get(k).map_or("(nothing)", String::as_str),
                        actual.get(k).map_or("(nothing)", String::as_str)
                    ),
                }),
            }
        })
        .map(|(cluster, events, _)| (cluster, events))
    }

    /// `text` (this script's source) with the output of every `status` and `trace` recorded anew
    /// under it; expectations must still hold.
    pub fn record(&self, text: &str) -> Result<String, ScriptError> {
        let (_, _, outputs) = self.play(|_, _, _| Ok(()))?;
        let mut out = String::new();
        let mut outputs = outputs.into_iter().peekable();
        let source: Vec<&str> = text.lines().collect();
        let mut i = 0;
        while i < source.len() {
            out.push_str(source[i]);
            out.push('\n');
            i += 1;
            if let Some((number, old_last, lines)) = outputs.next_if(|(n, _, _)| *n == i) {
                out.push_str(OUTPUT_MARK);
                out.push('\n');
                for l in &lines {
                    out.push_str(l);
                    out.push('\n');
                }
                i = old_last.unwrap_or(number);
                // A blank line ends the output: keep the one that was there, or add one.
                if source.get(i).is_some_and(|l| !l.trim().is_empty()) {
                    out.push('\n');
                }
            }
        }
        Ok(out)
    }

    /// Runs the script; `check` sees each `status`/`trace` line with its recorded and actual
    /// output. A compare file plays each side on a cluster of its own, side by side as the page
    /// does: every command on both, each checkpoint on its side, and `step until X` steps both
    /// until X holds on both; a record's output is each side's under a `== key=value` line.
    /// Returns the (first side's) cluster and events, and (line, last recorded line, output) per
    /// record.
    #[allow(clippy::type_complexity)]
    fn play(
        &self,
        mut check: impl FnMut(&Line, Option<&Recorded>, &[String]) -> Result<(), ScriptError>,
    ) -> Result<(Cluster, Vec<Event>, Vec<(usize, Option<usize>, Vec<String>)>), ScriptError> {
        let compare = self.compare();
        let sides: Vec<Option<usize>> = if compare.is_some() { vec![Some(0), Some(1)] } else { vec![None] };
        let mut clusters = sides.iter().map(|s| self.side_cluster(*s)).collect::<Result<Vec<_>, _>>()?;
        let mut events: Vec<Vec<Event>> = vec![Vec::new(); sides.len()];
        let mut traced = vec![0; sides.len()];
        let mut outputs = Vec::new();
        // An error names the side it happened on.
        let on_side = |i: usize, e: ScriptError| match compare {
            Some((_, key, values)) => ScriptError { message: format!("with {key}={}: {}", word(&values[i]), e.message), ..e },
            None => e,
        };
        for line in &self.lines {
            match &line.command {
                Command::StepUntil { expectation, max } if clusters.len() > 1 => {
                    let holds = |cs: &[Cluster]| -> Result<bool, ScriptError> {
                        let mut all = true;
                        for (i, c) in cs.iter().enumerate() {
                            all &= crate::scenario::check(c, expectation)
                                .map_err(|m| on_side(i, ScriptError { line: line.number, column: 1, message: m }))?;
                        }
                        Ok(all)
                    };
                    let mut waited = 0;
                    while !holds(&clusters)? {
                        if waited == *max {
                            let i = (0..clusters.len())
                                .find(|&i| !crate::scenario::check(&clusters[i], expectation).unwrap_or(false))
                                .unwrap_or(0);
                            let message = format!(
                                "{expectation} did not happen within {max} ticks (now {})",
                                actual_text(&clusters[i], &expectation.path)
                            );
                            return Err(on_side(i, ScriptError { line: line.number, column: 1, message }));
                        }
                        for (i, c) in clusters.iter_mut().enumerate() {
                            events[i].extend(c.step(1).map_err(|e| on_side(i, api_error(line.number, e)))?);
                        }
                        waited += 1;
                    }
                }
                _ => {
                    for (i, c) in clusters.iter_mut().enumerate() {
                        if matches!(&line.command, Command::Expect(_, _, Some(s)) if *s != i) {
                            continue; // a checkpoint of the other side
                        }
                        events[i].extend(run_line(c, line).map_err(|e| on_side(i, e))?);
                    }
                }
            }
            let recorded = match &line.command {
                Command::Status(recorded) | Command::Trace { recorded, .. } => recorded.as_ref(),
                _ => continue,
            };
            let mut actual = Vec::new();
            for i in 0..clusters.len() {
                if let Some((_, key, values)) = compare {
                    actual.push(format!("== {key}={}", word(&values[i])));
                }
                actual.extend(match &line.command {
                    Command::Trace { all, .. } => {
                        let lines = trace_lines(&events[i][traced[i]..], *all);
                        traced[i] = events[i].len();
                        lines
                    }
                    _ => status_lines(&clusters[i]),
                });
            }
            check(line, recorded, &actual)?;
            outputs.push((line.number, recorded.map(|r| r.last), actual));
        }
        Ok((clusters.swap_remove(0), events.swap_remove(0), outputs))
    }
}

/// `status`: the cluster as its `Display` writes it, then one line per request.
fn status_lines(c: &Cluster) -> Vec<String> {
    let mut lines: Vec<String> = c.to_string().lines().filter(|l| !l.trim().is_empty()).map(|l| l.trim_end().to_string()).collect();
    for r in &c.requests {
        let offset = r.base_offset.map_or(String::new(), |o| format!(" offset {o}"));
        let error = r.error.map_or(String::new(), |e| format!(" {}", e.name()));
        lines.push(format!(
            "request{} p{} acks={} {}×m{}: {}{offset}{error} (attempts {})",
            r.id,
            r.partition,
            r.acks.label(),
            r.count,
            r.first_value,
            r.status.label(),
            r.attempts
        ));
    }
    lines
}

/// `trace`: one line per event, `time kind text`; without `all`, not the per-fetch ones
/// (a follower's append and its HW), which repeat every round.
fn trace_lines(events: &[Event], all: bool) -> Vec<String> {
    events
        .iter()
        .filter(|e| all || (e.kind != "replicate" && !e.text.contains("follower HW")))
        .map(|e| format!("{:>8}  {:<18} {}", crate::invariants::secs(e.tick), e.kind, e.text).trim_end().to_string())
        .collect()
}

fn api_error(line: usize, e: ApiError) -> ScriptError {
    ScriptError { line, column: 1, message: e.to_string() }
}

/// Runs one command; returns the events it produced.
pub fn run_line(c: &mut Cluster, line: &Line) -> Result<Vec<Event>, ScriptError> {
    let err = |e| api_error(line.number, e);
    match &line.command {
        Command::Config(_)
        | Command::Compare { .. }
        | Command::Label { .. }
        | Command::Title { .. }
        | Command::Caption { .. }
        | Command::Pause
        | Command::Status(_)
        | Command::Trace { .. } => Ok(Vec::new()),
        Command::Produce(p) => {
            c.produce(ProduceArgs::from_pairs(p).map_err(err)?).map_err(err)?;
            Ok(Vec::new())
        }
        Command::Step(n) => c.step(*n).map_err(err),
        Command::StepUntil { expectation, max } => {
            let mut events = Vec::new();
            for _ in 0..*max {
                if check(c, expectation).map_err(|m| ScriptError { line: line.number, column: 1, message: m })? {
                    return Ok(events);
                }
                events.extend(c.step(1).map_err(err)?);
            }
            if check(c, expectation).map_err(|m| ScriptError { line: line.number, column: 1, message: m })? {
                return Ok(events);
            }
            Err(ScriptError {
                line: line.number,
                column: 1,
                message: format!("{expectation} did not happen within {max} ticks (now {})", actual_text(c, &expectation.path)),
            })
        }
        Command::Fail(b, kind) => c.fail(*b, *kind).map(|_| Vec::new()).map_err(err),
        Command::Recover(b) => c.recover(*b).map(|_| Vec::new()).map_err(err),
        Command::Cut(a, b) => c.cut(*a, *b).map(|_| Vec::new()).map_err(err),
        Command::Heal(a, b) => c.heal(*a, *b).map(|_| Vec::new()).map_err(err),
        Command::DropNext(kind) => c.drop_next(kind).map(|_| Vec::new()).map_err(err),
        Command::AddReplica(p, b) => c.add_replica(*p, *b).map(|_| Vec::new()).map_err(err),
        Command::Reassign(p, rs) => c.reassign(*p, rs.clone()).map(|_| Vec::new()).map_err(err),
        Command::CancelReassignment(p) => c.cancel_reassignment(*p).map(|_| Vec::new()).map_err(err),
        Command::ElectLeaders(kind, ps) => c.elect_leaders(*kind, (!ps.is_empty()).then(|| ps.clone())).map(|_| Vec::new()).map_err(err),
        Command::Expect(x, _, _) => match check(c, x) {
            Ok(true) => Ok(Vec::new()),
            Ok(false) => Err(ScriptError {
                line: line.number,
                column: 1,
                message: format!("expected {x}, got {} at tick {}", actual_text(c, &x.path), c.tick),
            }),
            Err(m) => Err(ScriptError { line: line.number, column: 1, message: m }),
        },
    }
}

fn actual_text(c: &Cluster, path: &str) -> String {
    lookup(c, path).map_or_else(|e| e, |v| v.to_string())
}

/// Evaluates an expectation against the cluster; Err for an unknown path or a type mismatch.
pub fn check(c: &Cluster, x: &Expectation) -> Result<bool, String> {
    holds(&lookup(c, &x.path)?, x)
}

/// Whether `actual`, the value at `x`'s path, meets the expectation; Err for a type mismatch.
pub fn holds(actual: &Operand, x: &Expectation) -> Result<bool, String> {
    let ord = match (actual, &x.value) {
        (Operand::Int(a), Operand::Int(b)) => a.cmp(b),
        (Operand::List(a), Operand::List(b)) => a.cmp(b),
        (Operand::Word(a), Operand::Word(b)) => a.cmp(b),
        _ => return Err(format!("{} is {actual}, which cannot be compared with {}", x.path, x.value)),
    };
    Ok(match x.op {
        Op::Eq => ord.is_eq(),
        Op::Ne => ord.is_ne(),
        Op::Ge => ord.is_ge(),
        Op::Le => ord.is_le(),
        Op::Gt => ord.is_gt(),
        Op::Lt => ord.is_lt(),
    })
}

fn index(part: &str, prefix: &str) -> Option<u32> {
    part.strip_prefix(prefix)?.parse().ok()
}

/// The words ending a lookup's error for a path only a KRaft preset has (a compare pane on the
/// ZooKeeper side meets them: wasm.rs `expect` answers it in the reader's language).
pub const NEEDS_KRAFT: &str = "needs a KRaft preset (4.0 or 4.2)";

/// The value at a path such as `p0.b1.leo`.
pub fn lookup(c: &Cluster, path: &str) -> Result<Operand, String> {
    let parts: Vec<&str> = path.split('.').collect();
    let unknown = || format!("unknown path {}; see the list of paths in scenario.rs", quoted(path));
    let ids = |l: &[u32]| Operand::List(l.iter().map(|&b| i64::from(b)).collect());
    Ok(match parts.as_slice() {
        ["tick"] => Operand::Int(c.tick as i64),
        ["controller"] => Operand::Int(c.zk.controller.map_or(-1, i64::from)),
        ["violations"] => Operand::Int(c.violations.len() as i64),
        ["violations", kind] if crate::invariants::VIOLATION_KINDS.iter().any(|k| k.0 == *kind) => {
            Operand::Int(c.violations.iter().filter(|v| v.kind == *kind).count() as i64)
        }
        ["controller", "epoch"] => Operand::Int(i64::from(c.zk.controller_epoch)),
        [r, field] if r.starts_with("request") => {
            let id = index(r, "request").ok_or_else(unknown)?;
            let req = c.requests.iter().find(|q| q.id == id).ok_or_else(|| format!("no request {id}"))?;
            match *field {
                "status" => Operand::Word(req.status.label().to_string()),
                "error" => Operand::Word(req.error.map_or("none", |e| e.name()).to_string()),
                "offset" => Operand::Int(req.base_offset.map_or(-1, |o| o as i64)),
                _ => return Err(unknown()),
            }
        }
        ["quorum", field] => {
            let k = c.kraft.as_ref().ok_or_else(|| format!("{path} {NEEDS_KRAFT}"))?;
            let q = c.quorum_view(k);
            match *field {
                "leader" => Operand::Int(q.leader.map_or(-1, i64::from)),
                "epoch" => Operand::Int(i64::from(q.leader_epoch)),
                "hw" => Operand::Int(q.high_watermark as i64),
                _ => return Err(unknown()),
            }
        }
        [v, field] if v.starts_with('c') && v[1..].parse::<u32>().is_ok() => {
            let i = index(v, "c").and_then(|id| c.voter_index(i64::from(id))).ok_or_else(unknown)?;
            let v = &c.kraft.as_ref().expect("a voter exists in a KRaft preset").voters[i];
            match *field {
                "state" => Operand::Word(v.state.label().to_string()),
                "status" => Operand::Word(v.status.label().to_string()),
                "epoch" => Operand::Int(i64::from(v.epoch)),
                "leo" => Operand::Int(v.log_end_offset() as i64),
                "hw" => Operand::Int(v.high_watermark as i64),
                "votedFor" => Operand::Int(v.voted_for.map_or(-1, i64::from)),
                _ => return Err(unknown()),
            }
        }
        [b, "status"] => {
            let b = index(b, "b").filter(|b| *b < c.config.brokers).ok_or_else(unknown)?;
            Operand::Word(c.brokers[b as usize].status.label().to_string())
        }
        [b, "brokerEpoch"] if c.kraft.is_none() => {
            // ZooKeeper presets: the czxid of the running process's registration (-1: none yet).
            let b = index(b, "b").filter(|b| *b < c.config.brokers).ok_or_else(unknown)?;
            Operand::Int(c.brokers[b as usize].zk_session.map_or(-1, |z| z as i64))
        }
        [b, field @ ("fenced" | "brokerEpoch")] => {
            let b = index(b, "b").filter(|b| *b < c.config.brokers).ok_or_else(unknown)?;
            let k = c.kraft.as_ref().ok_or_else(|| format!("{path} {NEEDS_KRAFT}"))?;
            let r = k.committed_registrations.get(&b).ok_or_else(|| format!("b{b} is not registered"))?;
            match *field {
                "fenced" => Operand::Word(if r.fenced { "yes" } else { "no" }.to_string()),
                _ => Operand::Int(r.epoch as i64),
            }
        }
        [p, field @ ("elr" | "lastKnownElr" | "partitionEpoch" | "recovering")] => {
            let p = index(p, "p").filter(|p| *p < c.config.partitions).ok_or_else(unknown)?;
            let k = c.kraft.as_ref().ok_or_else(|| format!("{path} {NEEDS_KRAFT}"))?;
            let r = &k.committed_partitions[p as usize];
            match *field {
                "elr" => ids(&r.elr),
                "lastKnownElr" => ids(&r.last_known_elr),
                "partitionEpoch" => Operand::Int(i64::from(r.partition_epoch)),
                _ => Operand::Word(if r.recovering { "yes" } else { "no" }.to_string()),
            }
        }
        [p, field] => {
            let p = index(p, "p").filter(|p| *p < c.config.partitions).ok_or_else(unknown)?;
            let st = &c.zk.partitions[p as usize];
            match *field {
                "leader" => Operand::Int(i64::from(st.leader)),
                "leaderEpoch" => Operand::Int(i64::from(st.leader_epoch)),
                "isr" => ids(&st.isr),
                "replicas" => ids(&c.zk.assignment[p as usize]),
                "addingReplicas" => ids(c.zk.reassignments.get(&p).map_or(&[][..], |r| &r.adding)),
                "removingReplicas" => ids(c.zk.reassignments.get(&p).map_or(&[][..], |r| &r.removing)),
                "zkVersion" => Operand::Int(i64::from(st.version)),
                "hw" => {
                    let leader = (st.leader >= 0).then(|| &c.brokers[st.leader as usize]).filter(|b| b.is_alive());
                    Operand::Int(leader.and_then(|b| b.replicas.get(&p)).map_or(-1, |r| r.log.high_watermark() as i64))
                }
                _ => return Err(unknown()),
            }
        }
        [p, "consumer", field] => {
            let p = index(p, "p").filter(|p| *p < c.config.partitions).ok_or_else(unknown)?;
            let consumer = &c.consumers[p as usize];
            match *field {
                "position" => Operand::Int(consumer.position as i64),
                "values" => Operand::List(consumer.read.iter().map(|r| i64::from(r.value)).collect()),
                "resets" => Operand::Int(i64::from(consumer.resets)),
                // KIP-392: where its fetches go, the follower the leader named (-1: none), and
                // the HW of the replica it reads from.
                "fetchingFrom" => Operand::Int(i64::from(c.consumer_view(p as usize).fetching_from)),
                "preferredReadReplica" => Operand::Int(consumer.preferred_read_replica.map_or(-1, |(b, _)| i64::from(b))),
                "hw" => Operand::Int(c.consumer_view(p as usize).high_watermark as i64),
                _ => return Err(unknown()),
            }
        }
        [p, b, "fetchBrokerEpoch"] => {
            // The leader's `ReplicaState.brokerEpoch` for b (KIP-903), -2 when it has none, as
            // `Replica.toString` prints it.
            let p = index(p, "p").filter(|p| *p < c.config.partitions).ok_or_else(unknown)?;
            let b = index(b, "b").filter(|b| *b < c.config.brokers).ok_or_else(unknown)?;
            let leader = u32::try_from(c.zk.partitions[p as usize].leader).ok().filter(|&l| c.brokers[l as usize].is_alive());
            let view = leader.and_then(|l| match &c.brokers[l as usize].replicas.get(&p)?.role {
                Role::Leader(ls) => Some(ls.followers.get(&b).and_then(|f| f.broker_epoch)),
                _ => None,
            });
            Operand::Int(view.ok_or_else(|| format!("{path}: p{p} has no running leader"))?.unwrap_or(-2))
        }
        [p, b, field] => {
            let p = index(p, "p").filter(|p| *p < c.config.partitions).ok_or_else(unknown)?;
            let b = index(b, "b").filter(|b| *b < c.config.brokers).ok_or_else(unknown)?;
            let r = c.brokers[b as usize].replicas.get(&p).ok_or_else(|| format!("b{b} hosts no replica of p{p}"))?;
            match *field {
                "leo" => Operand::Int(r.log.log_end_offset() as i64),
                "leaderEpoch" => Operand::Int(i64::from(r.leader_epoch)),
                "hw" => Operand::Int(r.log.high_watermark() as i64),
                "values" => Operand::List(r.log.records().map(|x| i64::from(x.value)).collect()),
                "epochs" => Operand::List(r.log.records().map(|x| i64::from(x.leader_epoch)).collect()),
                "role" => Operand::Word(
                    match (&r.role, c.brokers[b as usize].is_alive()) {
                        (_, false) => "offline",
                        (Role::Leader(_), _) => "leader",
                        (Role::Follower(_), _) => "follower",
                        (Role::None, _) => "none",
                    }
                    .to_string(),
                ),
                _ => return Err(unknown()),
            }
        }
        _ => return Err(unknown()),
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn ids_and_tick_counts_out_of_range_are_errors_not_wrapped() {
        for (script, column) in [
            ("cut 4294967296 1", 5),
            ("fail 4294967297", 6),
            ("step 9007199254740992", 6),
            ("step until p0.hw >= 1 max 99999999999999999999", 27),
        ] {
            let e = Script::parse(script).expect_err(script);
            assert_eq!((e.line, e.column), (1, column), "{script}: {e}");
            assert!(e.to_string().contains("an integer from 0 to"), "{script}: {e}");
        }
        assert!(Script::parse("cut 4294967295 1").is_ok());
    }

    #[test]
    fn numbers_parse_as_js_would_receive_them() {
        for (text, want) in [
            ("0", Some(0.0)),
            ("42", Some(42.0)),
            ("-1", Some(-1.0)),
            ("2.5", Some(2.5)),
            ("0.11", Some(0.11)),
            ("2.8", Some(2.8)),
            ("123456789012345", Some(123456789012345.0)),
        ] {
            assert_eq!(super::number(text), want, "{text}");
        }
        for text in ["", "-", "1.", ".5", "1e3", "+1", "0x10", "1.2.3", "NaN", "1234567890123456"] {
            assert_eq!(super::number(text), None, "{text}");
        }
    }

    use super::*;

    #[test]
    fn parse_errors_name_line_and_column() {
        let e = Script::parse("step 3\nstep x").unwrap_err();
        assert_eq!((e.line, e.column), (2, 6));
        assert!(e.message.contains("number of ticks"), "{e}");
        let e = Script::parse("produce count=1\nconfig brokers=3").unwrap_err();
        assert_eq!((e.line, e.column), (2, 1));
        let e = Script::parse("expect p0.hw = 3").unwrap_err();
        assert_eq!((e.line, e.column), (1, 14));
        let e = Script::parse("bogus").unwrap_err();
        assert!(e.message.contains("unknown command"), "{e}");
        let e = Script::parse("fail 1 2").unwrap_err();
        assert_eq!(e.column, 8);
    }

    #[test]
    fn lessons_have_titles_captions_and_pauses() {
        let s = Script::parse("title en Anatomy\ntitle zh 剖析\ncaption en The leader  appends.\ncaption zh 领导者追加。\npause\nstep 2")
            .unwrap();
        assert_eq!(s.lines[0].command, Command::Title { lang: "en".into(), text: "Anatomy".into() });
        assert_eq!(s.lines[2].command, Command::Caption { lang: "en".into(), text: "The leader  appends.".into() });
        assert_eq!(s.lines[3].command, Command::Caption { lang: "zh".into(), text: "领导者追加。".into() });
        assert_eq!(s.lines[4].command, Command::Pause);
        let e = Script::parse("caption fr Bonjour").unwrap_err();
        assert_eq!((e.line, e.column), (1, 9));
        assert!(Script::parse("caption en").is_err());
        s.run().unwrap();
    }

    #[test]
    fn check_lines_give_the_next_expect_its_sentences() {
        let s = Script::parse("config brokers=2 replicationFactor=2\ncheck en b1 has  m1 only\n# a comment between\ncheck zh b1 只有 m1\nexpect p0.b1.values == []\nexpect p0.hw == 0")
            .unwrap();
        let says: VecMap<String, String> =
            [("en".to_string(), "b1 has  m1 only".to_string()), ("zh".to_string(), "b1 只有 m1".to_string())].into_iter().collect();
        assert_eq!(s.lines[1].command, Command::Expect(Expectation::parse("p0.b1.values == []").unwrap(), says.clone(), None));
        assert_eq!(s.lines[2].command, Command::Expect(Expectation::parse("p0.hw == 0").unwrap(), VecMap::new(), None), "one expect only");
        let views = s.views();
        assert_eq!((views[1].line, views[1].sentence.as_ref()), (5, Some(&says)));
        assert_eq!(views[2].sentence, None);
        let json = crate::api::to_json(&views[1]);
        assert!(json.ends_with(r#""text":"p0.b1.values == []","sentence":{"en":"b1 has  m1 only","zh":"b1 只有 m1"}}"#), "{json}");
        s.run().unwrap();
        // A check describes the expect right after it: nothing else may come between, nor a
        // language twice, nor the end of the script.
        let e = Script::parse("check en x\nstep 1\nexpect tick == 1").unwrap_err();
        assert_eq!((e.line, e.column), (2, 1));
        assert!(e.message.contains("check on line 1"), "{e}");
        let e = Script::parse("check en x\ncheck en y\nexpect tick == 0").unwrap_err();
        assert_eq!((e.line, e.column), (2, 7));
        let e = Script::parse("expect tick == 0\ncheck zh 甲").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("followed by the expect"), "{e}");
        let e = Script::parse("check fr Bonjour\nexpect tick == 0").unwrap_err();
        assert_eq!((e.line, e.column), (1, 7));
        assert!(Script::parse("check en\nexpect tick == 0").is_err());
    }

    #[test]
    fn failed_expectation_says_what_it_got() {
        let s = Script::parse("config brokers=3\nproduce count=2 acks=1\nstep 30\nexpect p0.hw == 7").unwrap();
        let e = s.run().unwrap_err();
        assert_eq!(e.line, 4);
        assert!(e.message.contains("expected p0.hw == 7, got 2"), "{e}");
        let e = Script::parse("expect p9.hw == 1").unwrap().run().unwrap_err();
        assert!(e.message.contains("unknown path"), "{e}");
    }

    #[test]
    fn recorded_output_is_checked_and_recorded_anew() {
        let text = "config brokers=2 partitions=1 replicationFactor=2\nproduce count=2 acks=all\nstep 20\nexpect p0.hw == 2\ntrace\n----\nstale\n\nstatus\n";
        let script = Script::parse(text).unwrap();
        assert_eq!(script.views().len(), 4, "the page gets no status or trace line");
        let e = script.run().unwrap_err();
        assert_eq!(e.line, 7, "the first differing recorded line: {e}");
        assert!(e.message.contains("recorded: stale"), "{e}");
        let recorded = script.record(text).unwrap();
        assert!(recorded.starts_with(
            "config brokers=2 partitions=1 replicationFactor=2\nproduce count=2 acks=all\nstep 20\nexpect p0.hw == 2\ntrace\n----\n"
        ));
        assert!(recorded.contains("request-acked"), "{recorded}");
        assert!(recorded.contains("\n\nstatus\n----\nt=2.0 s  version 3.7"), "{recorded}");
        assert!(recorded.ends_with("request1 p0 acks=all 2×m1: acked offset 0 (attempts 1)\n"), "{recorded}");
        let again = Script::parse(&recorded).unwrap();
        assert!(again.run().is_ok(), "the recorded output reproduces");
        assert_eq!(again.record(&recorded).unwrap(), recorded, "recording is idempotent");
        let e = Script::parse("status all").unwrap_err();
        assert_eq!(e.column, 8, "{e}");
    }

    #[test]
    fn compare_files_play_each_side_with_its_checkpoints() {
        let text = "compare acks=1,all\nlabel en one | all\nconfig brokers=2 partitions=1 replicationFactor=2\ncut 0 1\nproduce count=1\nstep 10\nexpect left request1.status == acked\nexpect right request1.status == pending\nexpect p0.hw == 0\nstatus\n";
        let script = Script::parse(text).unwrap();
        let views = script.views();
        assert_eq!((views[0].command, views[0].kind.as_deref()), ("compare", Some("acks")));
        assert_eq!(views[0].options.as_ref().unwrap().get(&"right".to_string()), Some(&Value::Str("all".to_string())));
        assert_eq!((views[1].command, views[1].text.as_deref()), ("label", Some("one | all")));
        assert_eq!((views[7].command, views[7].kind.as_deref()), ("expect", Some("right")));
        let recorded = script.record(text).unwrap();
        assert!(recorded.contains("status\n----\n== acks=1\n") && recorded.contains("\n== acks=all\n"), "{recorded}");
        assert!(recorded.contains("acks=1 1×m1: acked") && recorded.contains("acks=all 1×m1: pending"), "{recorded}");
        // A checkpoint of the wrong side fails, naming the side.
        let wrong = text.replace("expect left", "expect right");
        let e = Script::parse(&wrong).unwrap().record(&wrong).unwrap_err();
        assert!(e.message.starts_with("with acks=all: expected request1.status == acked"), "{e}");
        let errors = [
            ("config brokers=2\ncompare acks=1,all\n", "compare must come first"),
            ("compare acks=1\n", "expected key=left,right"),
            ("compare acks=1,1\n", "two different values"),
            ("expect left p0.hw == 0\n", "expect left|right is for compare files"),
            ("label en a | b\n", "label is for compare files"),
            ("compare acks=1,all\nlabel en a b\n", "<left> | <right>"),
        ];
        for (bad, says) in errors {
            let e = Script::parse(bad).unwrap_err();
            assert!(e.message.contains(says), "{bad}: {e}");
        }
        let e = Script::parse("compare acks=1,all\nconfig acks=1\nstatus\n").unwrap().run().unwrap_err();
        assert!(e.message.contains("acks is the compared key"), "{e}");
    }
}
