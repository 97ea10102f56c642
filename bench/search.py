"""Full-text search at 100,000 turns (issue 41): p50/p95 of `search` through the real app.

The turns: `--turns` messages of synthetic customer-service conversations (10 a
conversation), Chinese with some English, sentences drawn from a pool of phrases, so
common words are in many turns (the share of turns holding each query is printed). They are indexed through the index's own writer
(index_writes.write: jieba segmentation, then one executemany a batch), as monitored
turns. Then each query runs `--repeat` times through the in-process ASGI app (GraphQL
`search(query, first: 20)` with snippets), interleaved, after one warm-up each.
Target: a two-character query ≤ 200 ms (p95) on SQLite and PostgreSQL.

Run: .venv/bin/python bench/search.py [--turns 100000] [--database-url postgres://…]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
import uuid
from pathlib import Path

from asgi_client import ADMIN_KEY, Client
from figures import record
from tortoise import Tortoise

from agenteval.app import create_app
from agenteval.config import Settings
from agenteval.store.search import documents, index_writes, segmenter

SEARCH = """query($q: String!) { search(query: $q, first: 20) {
  totalCount edges { node { kind conversationId turnIndex matches snippet { text highlighted } } } } }"""

USER = ["您好", "我想问一下", "我的订单还没到", "订单号是 A{n}", "能不能申请退款", "退款什么时候到账",
        "快递一直没更新", "我要开发票", "商品有质量问题", "能换货吗", "客服电话是多少", "谢谢",
        "地址填错了能改吗", "优惠券用不了", "会员积分怎么算", "iPhone 屏幕碎了", "can I get a refund",
        "where is my parcel", "空调不制冷", "师傅什么时候上门", "我要投诉", "账号登录不上"]
BOT = ["您好，很高兴为您服务", "请提供一下您的订单号", "已为您查询到订单 A{n}", "物流显示正在派送",
       "退款将在三个工作日内原路退回", "发票会在确认收货后开具", "非常抱歉给您带来不便",
       "已为您登记换货申请", "请您耐心等待", "师傅会在明天上午上门", "The refund has been issued",
       "您的积分已经到账", "优惠券需满 100 元使用", "请问还有其他问题吗", "已为您升级处理",
       "请重新登录试试", "已记录您的投诉，专员会联系您"]
QUERIES = {"退款 (two characters)": "退款", "订单 (two characters)": "订单",
           "发票 (two characters)": "发票", "投诉 (two characters)": "投诉",
           "refund (English word)": "refund", "退款 到账 (two words)": "退款 到账"}


def turns(count: int, seed: int = 41) -> list[documents.SearchDocument]:
    rng = random.Random(seed)
    made: list[documents.SearchDocument] = []
    conversation = ""
    for number in range(count):
        if number % 10 == 0:
            conversation = str(uuid.UUID(int=rng.getrandbits(128)))
        user = number % 2 == 0
        pool = USER if user else BOT
        sentence = "，".join(rng.choice(pool).format(n=rng.randrange(10**5))
                            for _ in range(rng.randint(1, 3)))
        made.append(documents.SearchDocument(
            documents.MONITORED, f"{conversation}:#{number % 10}", conversation, conversation,
            number % 10, "user" if user else "assistant", sentence))
    return made


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def bench(url: str, count: int, repeat: int) -> tuple[dict[str, tuple[float, float, int]],
                                                         float, float]:
    settings = Settings(database_url=url, admin_key=ADMIN_KEY, driver="none", demo=False,
                        watchdog_interval_s=0, resume_runs=False, monitoring_poll_s=0)
    app = create_app(settings, migrate=True)
    async with app.router.lifespan_context(app):
        started = time.perf_counter()
        await segmenter.ready()
        load_s = time.perf_counter() - started
        gql = Client(app)
        made = turns(count)
        for name, query in QUERIES.items():
            share = sum(all(w in d.content.lower() for w in query.split()) for d in made) / count
            print(f"  {name}: in {share:.1%} of the turns")
        started = time.perf_counter()
        for start in range(0, len(made), 1000):
            await index_writes.write(made[start:start + 1000])
        indexed_per_s = count / (time.perf_counter() - started)
        # Statistics as autovacuum's analyze leaves them after a load this size: without
        # them PostgreSQL's first plans are guesses.
        await Tortoise.get_connection("default").execute_script("ANALYZE")
        print(f"indexed {count} turns at {indexed_per_s:,.0f} turns/s "
              f"(dictionary loaded in {load_s:.2f} s)")
        timings: dict[str, list[float]] = {name: [] for name in QUERIES}
        totals: dict[str, int] = {}
        for name, query in QUERIES.items():
            totals[name] = (await gql(SEARCH, {"q": query}))["search"]["totalCount"]
        for _ in range(repeat):
            for name, query in QUERIES.items():
                began = time.perf_counter()
                await gql(SEARCH, {"q": query})
                timings[name].append((time.perf_counter() - began) * 1000)
    return ({name: (statistics.median(v), percentile(v, 0.95), totals[name])
             for name, v in timings.items()}, load_s, indexed_per_s)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=40)
    parser.add_argument("--database-url", help="default: a temporary SQLite file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        url = args.database_url or f"sqlite://{Path(scratch) / 'search.db'}"
        results, load_s, indexed = asyncio.run(bench(url, args.turns, args.repeat))
    backend = "postgres" if url.startswith("postgres") else "sqlite"
    load = " / ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"{backend}: {args.turns} turns, {args.repeat} requests each; load {load}")
    for name, (p50, p95, total) in results.items():
        print(f"  {name:30} p50 {p50:7.1f} ms   p95 {p95:7.1f} ms   "
              f"{total} conversations matched")
        record(f"search {name} p95 ({backend}, {args.turns} turns)", p95, "ms", 200,
               command="python bench/search.py")
    record(f"search index writes ({backend})", indexed, "turns/s", better="higher",
           command="python bench/search.py")
    record("jieba dictionary load", load_s, "s", command="python bench/search.py")


if __name__ == "__main__":
    main()
