//! Argument values as they arrive from JS (or a scenario script), and the error every public entry
//! point returns for a bad one. Validation lives here, in the core, so native tests cover it; the
//! wasm binding only converts `JsValue`s into [`Value`]s.

use serde::de::{self, DeserializeOwned, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
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
impl Serialize for Value {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            // An integer as one (`3`, not `3.0`); NaN and ±Infinity as JSON.stringify writes them.
            Value::Num(n) if n.fract() == 0.0 && n.abs() <= crate::config::MAX_SEED as f64 => s.serialize_i64(*n as i64),
            Value::Num(n) if n.is_finite() => s.serialize_f64(*n),
            Value::Num(_) | Value::Null => s.serialize_unit(),
            Value::Str(t) | Value::Other(t) => s.serialize_str(t),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::List(items) => s.collect_seq(items),
        }
    }
}

/// A `Value` read back through serde: from the options deserializer below, or any self-describing
/// format (a JS object or function is `Other`, by its type).
impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Value;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number, string, boolean, null or list")
            }
            fn visit_f64<E>(self, n: f64) -> Result<Value, E> {
                Ok(Value::Num(n))
            }
            fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
                Ok(Value::Num(n as f64))
            }
            fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
                Ok(Value::Num(n as f64))
            }
            fn visit_str<E>(self, s: &str) -> Result<Value, E> {
                Ok(Value::Str(s.to_string()))
            }
            fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
                Ok(Value::Bool(b))
            }
            fn visit_unit<E>(self) -> Result<Value, E> {
                Ok(Value::Null)
            }
            fn visit_none<E>(self) -> Result<Value, E> {
                Ok(Value::Null)
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
                Value::deserialize(d)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
                let mut items = Vec::new();
                while let Some(v) = seq.next_element()? {
                    items.push(v);
                }
                Ok(Value::List(items))
            }
            /// An object (one level is read: nested objects are `Other`); `ValueDe` passes other
            /// types as `{ typeof: name }`.
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
                let mut kind = "object".to_string();
                while let Some((k, v)) = map.next_entry::<String, Value>()? {
                    if let (TYPEOF, Value::Str(t)) = (k.as_str(), v) {
                        kind = t;
                    }
                }
                Ok(Value::Other(kind))
            }
        }
        d.deserialize_any(V)
    }
}

/// The key under which `ValueDe` hands a non-data value's type to `Value`'s visitor.
const TYPEOF: &str = "\u{0}typeof";

/// An options argument (`{ key: value, … }` read by the wasm layer, or a script line's
/// `key=value`s) as a typed struct: `#[serde(deny_unknown_fields)]` rejects a key it does not
/// have, naming it and the allowed keys; a bad value is rejected naming its key. Structs take
/// their fields as `Option<Value>` and check them with the `*_arg` functions, so messages give
/// the allowed values.
pub fn from_options<T: DeserializeOwned>(what: &str, pairs: &[(String, Value)]) -> Result<T, ApiError> {
    T::deserialize(OptionsDe(pairs)).map_err(|e| match e {
        DeError::Arg(a) => a,
        DeError::UnknownKey(key, known) => {
            let name = if key.is_empty() { "\"\"" } else { key.as_str() };
            ApiError::new(name, format!("unknown {what} key; allowed keys: {}", known.join(", ")))
        }
        DeError::Other(m) => ApiError::new(what, m),
    })
}

#[derive(Debug)]
enum DeError {
    Arg(ApiError),
    UnknownKey(String, &'static [&'static str]),
    Other(String),
}

impl fmt::Display for DeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeError::Arg(a) => a.fmt(f),
            DeError::UnknownKey(k, _) => write!(f, "unknown key {k}"),
            DeError::Other(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for DeError {}

impl de::Error for DeError {
    fn custom<T: fmt::Display>(msg: T) -> DeError {
        DeError::Other(msg.to_string())
    }
    fn unknown_field(field: &str, expected: &'static [&'static str]) -> DeError {
        DeError::UnknownKey(field.to_string(), expected)
    }
    // serde's defaults print the value (`Unexpected`), a float with Rust's float formatting (15 KB
    // of the wasm module). Unreachable here: every option field is a `Value`, which takes any type.
    fn invalid_type(_: de::Unexpected, expected: &dyn de::Expected) -> DeError {
        DeError::Other(format!("invalid type, expected {expected}"))
    }
    fn invalid_value(_: de::Unexpected, expected: &dyn de::Expected) -> DeError {
        DeError::Other(format!("invalid value, expected {expected}"))
    }
}

struct OptionsDe<'a>(&'a [(String, Value)]);

impl<'de> Deserializer<'de> for OptionsDe<'_> {
    type Error = DeError;
    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        v.visit_map(OptionsAccess { pairs: self.0.iter(), key: None })
    }
    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
        unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier ignored_any
    }
}

struct OptionsAccess<'a> {
    pairs: std::slice::Iter<'a, (String, Value)>,
    key: Option<&'a (String, Value)>,
}

impl<'de> MapAccess<'de> for OptionsAccess<'_> {
    type Error = DeError;
    fn next_key_seed<K: de::DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, DeError> {
        self.key = self.pairs.next();
        self.key.map(|(k, _)| seed.deserialize(de::value::StrDeserializer::new(k))).transpose()
    }
    fn next_value_seed<V: de::DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, DeError> {
        let (key, value) = self.key.expect("a value follows its key");
        seed.deserialize(ValueDe(value)).map_err(|e| match e {
            DeError::Other(m) => DeError::Arg(ApiError::new(key, m)),
            e => e,
        })
    }
}

/// One value: a present key is `Some`, even when null (null is a value the checks reject).
struct ValueDe<'a>(&'a Value);

impl<'de> Deserializer<'de> for ValueDe<'_> {
    type Error = DeError;
    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        match self.0 {
            Value::Num(n) => v.visit_f64(*n),
            Value::Str(s) => v.visit_str(s),
            Value::Bool(b) => v.visit_bool(*b),
            Value::Null => v.visit_unit(),
            Value::List(items) => v.visit_seq(de::value::SeqDeserializer::new(items.iter().map(ValueDe))),
            Value::Other(t) => v.visit_map(de::value::MapDeserializer::new(std::iter::once((TYPEOF, t.as_str())))),
        }
    }
    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        v.visit_some(self)
    }
    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf unit
        unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier ignored_any
    }
}

impl<'de> de::IntoDeserializer<'de, DeError> for ValueDe<'_> {
    type Deserializer = Self;
    fn into_deserializer(self) -> Self {
        self
    }
}

/// `v` as JSON text (tests read the outputs as JS would see them).
#[cfg(test)]
pub(crate) fn to_json<T: Serialize + ?Sized>(v: &T) -> String {
    serde_json::to_string(v).expect("the outputs have string keys only")
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
            // Integer arithmetic, not `{:.1}`: float formatting would add 15 KB to the wasm module.
            // No label is 16 digits long, so larger numbers need no label.
            Value::Num(n) if n.fract() == 0.0 && n.abs() < 1e15 => Some(format!("{}.0", *n as i64)),
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
        None => json_string(s),
        Some((end, _)) => format!("{}… ({} characters)", json_string(&s[..end]), s.chars().count()),
    }
}

/// A string as a JSON string literal. In wasm, `JSON.stringify` writes it: serde_json is not in
/// the module (its outputs go through serde-wasm-bindgen).
fn json_string(s: &str) -> String {
    #[cfg(target_arch = "wasm32")]
    return crate::wasm::json_string(s);
    #[cfg(not(target_arch = "wasm32"))]
    serde_json::to_string(s).expect("a string is JSON")
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

/// A string (a number stands for its text, as in `choice_arg`: a script's `clientRack=1`); what
/// it may contain is the caller's to check.
pub fn text_arg(name: &str, v: &Value) -> Result<String, ApiError> {
    match v {
        Value::Str(s) => Ok(s.clone()),
        Value::Num(n) => Ok(number_text(*n)),
        other => Err(ApiError::new(name, format!("must be a string, got {}", other.describe()))),
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
        assert_eq!(quoted(&"é".repeat(81)), format!("{}… (81 characters)", json_string(&"é".repeat(80))));
    }

    #[test]
    fn options_name_an_unknown_key_with_the_allowed_ones() {
        use crate::faults::FailKind;
        let one = |k: &str, v: Value| vec![(k.to_string(), v)];
        let kind = |k: &str| Value::Str(k.to_string());
        let e = FailKind::from_args(&kind("slow"), &one("lossy", Value::Bool(true))).unwrap_err();
        assert_eq!(e.to_string(), "lossy: unknown slow option key; allowed keys: delayMs");
        let e = FailKind::from_args(&kind("stuck"), &one("x", Value::Null)).unwrap_err();
        assert_eq!(e.to_string(), "x: unknown stuck option key; allowed keys: ");
        assert_eq!(FailKind::from_args(&kind("slow"), &one("delayMs", Value::Num(500.0))), Ok(FailKind::Slow { delay_ms: 500 }));
        assert_eq!(FailKind::from_args(&Value::Null, &[]), Ok(FailKind::Crash { lossy: false }));
        // A repeated key is reported where it comes (a script can repeat one), before a later
        // unknown one; an unknown one before it is reported first.
        let pairs = |keys: &[&str]| keys.iter().map(|k| (k.to_string(), Value::Bool(true))).collect::<Vec<_>>();
        let e = FailKind::from_args(&kind("crash"), &pairs(&["lossy", "lossy", "x"])).unwrap_err();
        assert_eq!(e.to_string(), "crash option: duplicate field `lossy`");
        let e = FailKind::from_args(&kind("crash"), &pairs(&["x", "lossy", "lossy"])).unwrap_err();
        assert_eq!(e.to_string(), "x: unknown crash option key; allowed keys: lossy");
        let e = FailKind::from_args(&kind("isolated"), &pairs(&["zookeeper", "lossy"])).unwrap_err();
        assert_eq!(e.to_string(), "lossy: unknown isolated option key; allowed keys: zookeeper");
        let e = crate::producer::ProduceArgs::from_pairs(&one("acks", kind("two"))).unwrap_err();
        assert_eq!(e.argument, "acks");
        let e = crate::producer::ProduceArgs::from_pairs(&one("count ", Value::Num(1.0))).unwrap_err();
        assert_eq!(e.to_string(), "count : unknown produce key; allowed keys: partition, count, acks, idempotence");
        let e = crate::elections::elect_args(&one("kind", kind("preferred"))).unwrap_err();
        assert_eq!(e.to_string(), "kind: unknown electLeaders key; allowed keys: type, partitions");
        let e = crate::elections::elect_args(&one("partitions", Value::List(vec![Value::Num(-1.0)]))).unwrap_err();
        assert_eq!(e.argument, "partitions", "the values given are checked before the missing type");
    }

    #[test]
    fn values_cross_back_as_they_came() {
        let values = [Value::Num(3.0), Value::Num(2.5), Value::Num(f64::NAN), Value::Null, Value::Bool(true), Value::Str("中".into())];
        assert_eq!(to_json(&Value::List(values.to_vec())), "[3,2.5,null,null,true,\"中\"]");
    }
}
