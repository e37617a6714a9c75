//! Shards: `--shard K/N` plays the games `i` with `i % N == K`, so N processes (a Slurm job
//! array, a Kubernetes indexed Job) split an experiment and `sim merge` puts it back together.
//!
//! Without `--shard`, the shard comes from the environment, first match wins:
//! - Slurm job arrays: `SLURM_ARRAY_TASK_ID` and `SLURM_ARRAY_TASK_COUNT`, with K =
//!   `SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN` (so `--array=1-3` works too; the array step
//!   must be 1);
//! - Kubernetes indexed Jobs: `JOB_COMPLETION_INDEX` and `SIM_SHARD_COUNT` (set it to the
//!   Job's `completions`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::run::error::RunError;

/// Shard `index` of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// K, `0..count`.
    pub index: u64,
    /// N, at least 1.
    pub count: u64,
}

impl Shard {
    /// Whether game `i` belongs to this shard.
    pub fn contains(&self, i: u64) -> bool {
        i % self.count == self.index
    }

    /// A checked shard.
    pub fn new(index: u64, count: u64) -> Result<Self, String> {
        if count == 0 {
            Err("the shard count must be at least 1".into())
        } else if index >= count {
            Err(format!("shard {index} of {count} does not exist (shards are numbered 0 to {})", count - 1))
        } else {
            Ok(Shard { index, count })
        }
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;
    /// Parses `K/N`.
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("'{s}' is not K/N (for example 0/4)");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let k = k.trim().parse().map_err(|_| bad())?;
        let n = n.trim().parse().map_err(|_| bad())?;
        Shard::new(k, n)
    }
}

/// The shard given by the environment `var` (see the module docs), if any.
pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Result<Option<Shard>, RunError> {
    let number = |name: &str| -> Result<Option<u64>, RunError> {
        match var(name) {
            None => Ok(None),
            Some(v) => v.trim().parse().map(Some).map_err(|_| RunError::Argument {
                name: name.into(),
                problem: format!("'{v}' is not a non-negative integer"),
            }),
        }
    };
    let shard = |name: &str, k: u64, n: u64| {
        Shard::new(k, n).map(Some).map_err(|problem| RunError::Argument { name: name.into(), problem })
    };
    if let Some(id) = number("SLURM_ARRAY_TASK_ID")? {
        let Some(count) = number("SLURM_ARRAY_TASK_COUNT")? else {
            return Err(RunError::Argument {
                name: "SLURM_ARRAY_TASK_COUNT".into(),
                problem: "not set, but SLURM_ARRAY_TASK_ID is".into(),
            });
        };
        let min = number("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
        let k = id.checked_sub(min).ok_or_else(|| RunError::Argument {
            name: "SLURM_ARRAY_TASK_ID".into(),
            problem: format!("{id} is below SLURM_ARRAY_TASK_MIN ({min})"),
        })?;
        return shard("SLURM_ARRAY_TASK_ID", k, count);
    }
    if let Some(k) = number("JOB_COMPLETION_INDEX")? {
        let Some(count) = number("SIM_SHARD_COUNT")? else {
            return Err(RunError::Argument {
                name: "SIM_SHARD_COUNT".into(),
                problem: "not set, but JOB_COMPLETION_INDEX is (set it to the Job's completions)".into(),
            });
        };
        return shard("JOB_COMPLETION_INDEX", k, count);
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |k| pairs.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string())
    }

    #[test]
    fn parses_k_of_n() {
        assert_eq!("2/3".parse::<Shard>(), Ok(Shard { index: 2, count: 3 }));
        assert!("3/3".parse::<Shard>().is_err());
        assert!("1-3".parse::<Shard>().is_err());
        assert!("0/0".parse::<Shard>().is_err());
        let s = Shard::new(1, 3).unwrap();
        assert_eq!((0..9).filter(|&i| s.contains(i)).collect::<Vec<_>>(), vec![1, 4, 7]);
    }

    #[test]
    fn reads_slurm_and_kubernetes_variables() {
        assert_eq!(from_env(env(&[])).unwrap(), None);
        let slurm = [("SLURM_ARRAY_TASK_ID", "3"), ("SLURM_ARRAY_TASK_COUNT", "3"), ("SLURM_ARRAY_TASK_MIN", "1")];
        assert_eq!(from_env(env(&slurm)).unwrap(), Some(Shard { index: 2, count: 3 }));
        let k8s = [("JOB_COMPLETION_INDEX", "0"), ("SIM_SHARD_COUNT", "4")];
        assert_eq!(from_env(env(&k8s)).unwrap(), Some(Shard { index: 0, count: 4 }));
        let e = from_env(env(&[("JOB_COMPLETION_INDEX", "0")])).unwrap_err().to_string();
        assert!(e.starts_with("SIM_SHARD_COUNT: not set"), "{e}");
        let e = from_env(env(&[("SLURM_ARRAY_TASK_ID", "x"), ("SLURM_ARRAY_TASK_COUNT", "2")])).unwrap_err();
        assert!(e.to_string().starts_with("SLURM_ARRAY_TASK_ID: 'x'"), "{e}");
    }
}
