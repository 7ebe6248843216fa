// throwaway: a quiet long game
use duckchess::*;
fn main() {
    let n: usize = std::env::args().nth(1).unwrap().parse().unwrap();
    let mut s: u64 = 0x9E3779B97F4A7C15;
    let mut rnd = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    let mut pos = Position::initial();
    let mut out = String::new();
    out += &format!("{n}\n");
    let mut k = 0;
    while k < n {
        let r = rnd();
        k += 1;
        let quiet: Vec<Move> = pos
            .moves()
            .into_iter()
            .filter(|m| pos.board().get(m.to).is_none())
            .collect();
        if r % 8 == 0 || quiet.is_empty() {
            let c = Command::new(
                (rnd() % 10) as i64,
                (rnd() % 9) as i64,
                (rnd() % 10) as i64,
                (rnd() % 9) as i64,
            );
            let mut p2 = pos.clone();
            if p2.play(c).is_ok() {
                k -= 1;
                continue;
            }
            out += &format!("{c}\n");
        } else {
            let m = quiet[(r >> 8) as usize % quiet.len()];
            out += &format!("{}\n", Command::from(m));
            pos.play(Command::from(m)).unwrap();
        }
    }
    print!("{out}");
}
