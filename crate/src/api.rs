//! Argument values as they arrive from JS (or a scenario script), and the error every public entry
//! point returns for a bad one. Validation lives here, in the core, so native tests cover it; the
//! wasm binding only converts `JsValue`s into [`Value`]s.

use std::fmt;

/// A loosely typed argument: a JS number, string, boolean or null/undefined.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Num(f64),
    Str(String),
    Bool(bool),
    Null,
    /// An array of such values (one level: a nested array is `Other`).
    List(Vec<Value>),
    /// Anything else (an object, a function…), by its type name.
    Other(String),
}

/// Values cross back to JS as what they were: a number, a string, a boolean or null.
impl crate::json::ToJson for Value {
    fn write_json(&self, out: &mut String) {
        match self {
            Value::Num(n) => n.write_json(out),
            Value::Str(t) | Value::Other(t) => t.write_json(out),
            Value::Bool(b) => b.write_json(out),
            Value::Null => out.push_str("null"),
            Value::List(items) => items.write_json(out),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

impl Value {
    /// An integer as an "N.0" label (`4` → "4.0"), for choices such as `version`.
    fn as_integer_label(&self) -> Option<String> {
        match self {
            Value::Num(n) if n.fract() == 0.0 && n.is_finite() => Some(format!("{n:.1}")),
            _ => None,
        }
    }

    fn describe(&self) -> String {
        match self {
            Value::Num(n) => number_text(*n),
            Value::Str(s) => quoted(s),
            Value::Bool(b) => format!("{b}"),
            Value::Null => "null".to_string(),
            Value::List(items) => {
                let text = format!("[{}]", items.iter().map(Value::describe).collect::<Vec<_>>().join(", "));
                match text.char_indices().nth(QUOTED_CHARS_MAX) {
                    None => text,
                    Some((end, _)) => format!("{}… (a list of {})", &text[..end], items.len()),
                }
            }
            Value::Other(t) => format!("a value of type {t}"),
        }
    }
}

/// At most this many characters of a rejected value are quoted in an error message: a value can
/// be a whole megabyte (a damaged share link), and the message is shown on the page.
pub const QUOTED_CHARS_MAX: usize = 80;

/// `"text"` with quotes and control characters escaped (JSON's quoting: `{:?}` would pull Unicode
/// tables into the wasm module), cut to [`QUOTED_CHARS_MAX`] characters.
pub(crate) fn quoted(s: &str) -> String {
    match s.char_indices().nth(QUOTED_CHARS_MAX) {
        None => crate::json::to_json(s),
        Some((end, _)) => format!("{}… ({} characters)", crate::json::to_json(&s[..end]), s.chars().count()),
    }
}

/// A number exactly as JS prints it (`Number.prototype.toString`), for error messages: the
/// shortest digits that read back as the same number, in decimal from 1e-7 to 1e21 and in
/// exponent form outside (`32.0000001`, `9007199254740992`, `1e+21`, `-0` as `0`). In wasm, JS
/// itself prints it: Rust's float formatting would add a tenth to the module.
pub(crate) fn number_text(n: f64) -> String {
    #[cfg(target_arch = "wasm32")]
    return crate::wasm::number_text(n);
    #[cfg(not(target_arch = "wasm32"))]
    shortest_text(n)
}

/// `number_text` without JS: the same digits and layout (tested against JS's outputs).
#[cfg(not(target_arch = "wasm32"))]
fn shortest_text(n: f64) -> String {
    if n.is_nan() {
        return "NaN".to_string();
    }
    if n.is_infinite() {
        return if n > 0.0 { "Infinity" } else { "-Infinity" }.to_string();
    }
    if n == 0.0 {
        return "0".to_string();
    }
    // Rust's `{:e}` gives the same shortest round-trip digits as JS: "d.ddde±x".
    let text = format!("{:e}", n.abs());
    let (mantissa, exp) = text.split_once('e').expect("{:e} writes an exponent");
    let exp: i32 = exp.parse().expect("{:e} writes an integer exponent");
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let (k, point) = (digits.len() as i32, exp + 1);
    let zeros = |n: i32| "0".repeat(n.max(0) as usize);
    let body = if k <= point && point <= 21 {
        format!("{digits}{}", zeros(point - k))
    } else if 0 < point && point <= 21 {
        format!("{}.{}", &digits[..point as usize], &digits[point as usize..])
    } else if -6 < point && point <= 0 {
        format!("0.{}{digits}", zeros(-point))
    } else {
        let rest = if k > 1 { format!(".{}", &digits[1..]) } else { String::new() };
        format!("{}{rest}e{}{}", &digits[..1], if exp >= 0 { "+" } else { "-" }, exp.abs())
    };
    format!("{}{body}", if n < 0.0 { "-" } else { "" })
}

/// A rejected call: names the argument and what it accepts. The call changed nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    pub argument: String,
    pub message: String,
}

impl ApiError {
    pub fn new(argument: &str, message: impl Into<String>) -> ApiError {
        ApiError { argument: argument.to_string(), message: message.into() }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.argument, self.message)
    }
}

impl std::error::Error for ApiError {}

/// An integer argument in `lo..=hi`; rejects fractions, NaN, strings and out-of-range values.
pub fn int_arg(name: &str, v: &Value, lo: u64, hi: u64) -> Result<u64, ApiError> {
    match v {
        Value::Num(n) if n.fract() == 0.0 && *n >= lo as f64 && *n <= hi as f64 => Ok(*n as u64),
        other => Err(ApiError::new(name, format!("must be an integer from {lo} to {hi}, got {}", other.describe()))),
    }
}

pub fn bool_arg(name: &str, v: &Value) -> Result<bool, ApiError> {
    match v {
        Value::Bool(b) => Ok(*b),
        other => Err(ApiError::new(name, format!("must be true or false, got {}", other.describe()))),
    }
}

/// A list of integers in `lo..=hi` (an array in JS).
pub fn int_list_arg(name: &str, v: &Value, lo: u64, hi: u64) -> Result<Vec<u64>, ApiError> {
    let bad = || ApiError::new(name, format!("must be a list of integers from {lo} to {hi}, got {}", v.describe()));
    match v {
        Value::List(items) => items.iter().map(|x| int_arg(name, x, lo, hi).map_err(|_| bad())).collect(),
        _ => Err(bad()),
    }
}

/// One of a fixed set of strings.
pub fn choice_arg<'a>(name: &str, v: &Value, allowed: &[&'a str]) -> Result<&'a str, ApiError> {
    // A number is accepted where its text is allowed (`version: 2.8` as well as `"2.8"`).
    let text = match v {
        Value::Str(s) => Some(s.clone()),
        Value::Num(n) => Some(number_text(*n)),
        _ => None,
    };
    if let Some(a) = text.and_then(|t| allowed.iter().find(|a| **a == t)) {
        return Ok(a);
    }
    // `4.0` in JS (or a script) is the number 4: an integer also matches its "N.0" label.
    if let Some(a) = v.as_integer_label().and_then(|t| allowed.iter().find(|a| **a == t)) {
        return Ok(a);
    }
    Err(ApiError::new(
        name,
        format!("must be one of {}, got {}", allowed.iter().map(|a| quoted(a)).collect::<Vec<_>>().join(", "), v.describe()),
    ))
}

/// Rejects keys outside `known`, naming the key and listing the allowed ones.
pub fn check_keys(what: &str, pairs: &[(String, Value)], known: &[&str]) -> Result<(), ApiError> {
    for (k, _) in pairs {
        if !known.contains(&k.as_str()) {
            let name = if k.is_empty() { "\"\"" } else { k.as_str() };
            return Err(ApiError::new(name, format!("unknown {what} key; allowed keys: {}", known.join(", "))));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_as_js_would() {
        // Each as `String(n)` prints it in JS.
        for (n, text) in [
            (2.0, "2"),
            (-1.0, "-1"),
            (2.5, "2.5"),
            (0.125, "0.125"),
            (f64::NAN, "NaN"),
            (f64::INFINITY, "Infinity"),
            (f64::NEG_INFINITY, "-Infinity"),
            (-0.0, "0"),
            (1e300, "1e+300"),
            (32.0000001, "32.0000001"),
            (9007199254740992.0, "9007199254740992"),
            (1e21, "1e+21"),
            (123456789012345680000.0, "123456789012345680000"),
            (0.000001, "0.000001"),
            (0.0000001, "1e-7"),
            (1.5e-10, "1.5e-10"),
            (0.1 + 0.2, "0.30000000000000004"),
            (-2.5e25, "-2.5e+25"),
            (5e-324, "5e-324"),
        ] {
            assert_eq!(number_text(n), text);
        }
    }

    #[test]
    fn rejected_values_are_quoted_briefly() {
        let long = "x".repeat(200_000);
        let e = int_arg("brokers", &Value::Str(long), 1, 32).unwrap_err();
        assert!(e.message.len() < 200, "{e}");
        assert!(e.message.ends_with(&format!("\"{}\"… (200000 characters)", "x".repeat(QUOTED_CHARS_MAX))), "{e}");
        let e = int_arg("brokers", &Value::Num(32.0000001), 1, 32).unwrap_err();
        assert!(e.message.ends_with("got 32.0000001"), "{e}");
        assert_eq!(quoted("short"), "\"short\"");
        // Cut at a character, not a byte.
        assert_eq!(quoted(&"é".repeat(81)), format!("{}… (81 characters)", crate::json::to_json(&"é".repeat(80))));
    }
}
