"""The health checks of a deployment: a load balancer's and an operator's, whatever Host they ask by."""

from __future__ import annotations

import json
from typing import Any
from unittest import mock

from django.test import Client


def test_a_load_balancer_asking_by_the_servers_address_is_answered(db: Any) -> None:
    client = Client()
    answer = client.get("/health", HTTP_HOST="10.0.0.5:8000")
    assert answer.status_code == 200
    assert answer.content == b"ok"
    # Any page but the checks still refuses a host it does not serve.
    assert client.get("/accounts/login/", HTTP_HOST="10.0.0.5:8000").status_code == 400


def test_the_operators_check_names_each_part_that_works(db: Any) -> None:
    answer = Client().get("/health/full", HTTP_HOST="localhost")
    assert answer.status_code == 200
    assert json.loads(answer.content) == {"database": "ok", "migrations": "ok", "cache": "ok", "bus": "ok"}
    assert "max-age=0" in answer["Cache-Control"]


def test_a_migration_not_applied_fails_the_operators_check_and_says_what_to_run(db: Any) -> None:
    with mock.patch("scorekeeper.health.MigrationExecutor") as executor:
        executor.return_value.migration_plan.return_value = [("matches", "0099_future")]
        answer = Client().get("/health/full")
    assert answer.status_code == 503
    said = json.loads(answer.content)
    assert said["migrations"] == "failing: migrations are not all applied: run manage.py migrate"
    assert said["database"] == "ok"


def test_a_part_that_fails_is_named_without_its_hosts_or_users(db: Any) -> None:
    with (
        mock.patch("matches.bus.carrier", return_value="redis"),
        mock.patch(
            "matches.bus.redis_client", side_effect=ConnectionError("redis://admin:secret@10.0.0.9:6379")
        ),
    ):
        answer = Client().get("/health/full")
    assert answer.status_code == 503
    said = json.loads(answer.content)
    assert said["bus"] == "failing"
    assert b"secret" not in answer.content
    assert b"10.0.0.9" not in answer.content
