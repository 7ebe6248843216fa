//! Rules a variants.ini value names in one word (`wallingRule = duck`,
//! `enclosingDrop = reversi`): one table per rule, read both ways.

/// The rule `name` names in `table`.
pub(crate) fn by_name<T: Copy>(table: &[(T, &'static str)], name: &str) -> Option<T> {
    table.iter().find(|(_, n)| *n == name).map(|&(r, _)| r)
}

/// The name of `rule` in `table`, `none` where it has none.
pub(crate) fn name_of<T: Copy + PartialEq>(table: &[(T, &'static str)], rule: T) -> &'static str {
    table
        .iter()
        .find(|(r, _)| *r == rule)
        .map_or("none", |&(_, n)| n)
}
