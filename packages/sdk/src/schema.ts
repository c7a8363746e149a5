/**
 * Generated from the Listings OpenAPI 3.1 description by openapi-typescript
 * (npm run generate -w @listings/sdk). Do not edit by hand.
 */
export interface paths {
    "/v1/mkt_a/sold": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sold listings on mkt_a
         * @description One source page per call. A cache hit answers 200 with the complete job (1 credit); a miss answers 202 with a pending job to poll at `/v1/jobs/{request_id}?wait=20`. result.schema_version is 1. Page with `page` = `next_page`.
         */
        get: operations["mkt_a_sold"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mkt_a/listings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Active listings on mkt_a
         * @description One source page per call. A cache hit answers 200 with the complete job (1 credit); a miss answers 202 with a pending job to poll at `/v1/jobs/{request_id}?wait=20`. result.schema_version is 1. Page with `page` = `next_page`.
         */
        get: operations["mkt_a_listings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mkt_b/sold": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sold listings on mkt_b (cursor paging)
         * @description One source page per call. A cache hit answers 200 with the complete job (1 credit); a miss answers 202 with a pending job to poll at `/v1/jobs/{request_id}?wait=20`. result.schema_version is 1. Pages after 1 need the previous page's `next_cursor` with `page` = `next_page` and every other parameter unchanged.
         */
        get: operations["mkt_b_sold"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mkt_b/listings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Active listings on mkt_b (cursor paging)
         * @description One source page per call. A cache hit answers 200 with the complete job (1 credit); a miss answers 202 with a pending job to poll at `/v1/jobs/{request_id}?wait=20`. result.schema_version is 1. Pages after 1 need the previous page's `next_cursor` with `page` = `next_page` and every other parameter unchanged.
         */
        get: operations["mkt_b_listings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mkt_c/sold": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sold listings on mkt_c (cursor paging)
         * @description One source page per call. A cache hit answers 200 with the complete job (1 credit); a miss answers 202 with a pending job to poll at `/v1/jobs/{request_id}?wait=20`. result.schema_version is 1. Pages after 1 need the previous page's `next_cursor` with `page` = `next_page` and every other parameter unchanged.
         */
        get: operations["mkt_c_sold"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mkt_d/listings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Active listings on mkt_d (cursor paging)
         * @description One source page per call. A cache hit answers 200 with the complete job (1 credit); a miss answers 202 with a pending job to poll at `/v1/jobs/{request_id}?wait=20`. result.schema_version is 1. Pages after 1 need the previous page's `next_cursor` with `page` = `next_page` and every other parameter unchanged.
         */
        get: operations["mkt_d_listings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mkt_e/listings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Active listings on mkt_e (cursor paging)
         * @description One source page per call. A cache hit answers 200 with the complete job (1 credit); a miss answers 202 with a pending job to poll at `/v1/jobs/{request_id}?wait=20`. result.schema_version is 2. Pages after 1 need the previous page's `next_cursor` with `page` = `next_page` and every other parameter unchanged.
         */
        get: operations["mkt_e_listings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{request_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Poll one job
         * @description Answers the job envelope in any status (a failed job included, with HTTP 200). With `wait` the call is held until the job settles or the time is up.
         */
        get: operations["get_job"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a batch of searches
         * @description Body up to 256 KB. Each search is validated exactly as its GET route; any invalid search refuses the whole batch with 422 and `error.index` (its position after `pages` expansion). Items beyond the pending cap or the allowance come back `rejected`. A batch creation is one call of the rate limit.
         */
        post: operations["create_batch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/batches/{batch_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Poll a batch, or download its CSV */
        get: operations["get_batch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/watches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's watches
         * @description The watches of the key's account and mode (live and sandbox apart), oldest first, each with its last run.
         */
        get: operations["list_watches"];
        put?: never;
        /**
         * Create a watch
         * @description A saved search that runs on a schedule: each run is an ordinary search job of the account (the shared cache included; 1 credit when it completes, nothing when it fails; skipped, and free, when the allowance or the pending cap would refuse it). A run that finds rows new since the last run, or whose displayed price fell, and that pass the rules, sends `watch.matched` to the webhook endpoint. The first run (at once) records a baseline and reports nothing unless `notify_on_first_run`. Plans limit watches per mode.
         */
        post: operations["create_watch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/watches/{watch_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One watch */
        get: operations["get_watch"];
        put?: never;
        post?: never;
        /**
         * Delete a watch
         * @description It runs no more; its runs and the rows it had seen go with it. A run already under way completes its search (charged as any search) and sends nothing.
         */
        delete: operations["delete_watch"];
        options?: never;
        head?: never;
        /**
         * Change, pause or resume a watch
         * @description Changes the schedule, the rules, the endpoint, the name; `status` pauses (`paused`) or resumes (`active`). A new interval, and a resume, run the watch at once and then every interval.
         */
        patch: operations["update_watch"];
        trace?: never;
    };
    "/v1/watches/{watch_id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A watch's runs
         * @description The last 50 runs, newest first: each with its search job (`request_id`), credits, what it found and its event.
         */
        get: operations["list_watch_runs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/history/mkt_a/sold": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sold history of mkt_a from the archive
         * @description The sold rows this service has read from the marketplace's sold pages and kept, past the marketplace's own window: every word of `q` in the title (case folded, no stemming), newest first, 200 a page, each judged against `q`, and the `months` block (per month, the count and median displayed price of the rows judged `item`). Live keys read the live archive, sandbox keys the sandbox archive (the simulators' synthetic rows). Answered at once (no job). Charged as a search: 1 request when `data` has rows, none when it has none.
         */
        get: operations["mkt_a_history_sold"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/history/mkt_b/sold": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sold history of mkt_b from the archive
         * @description The sold rows this service has read from the marketplace's sold pages and kept, past the marketplace's own window: every word of `q` in the title (case folded, no stemming), newest first, 200 a page, each judged against `q`, and the `months` block (per month, the count and median displayed price of the rows judged `item`). Live keys read the live archive, sandbox keys the sandbox archive (the simulators' synthetic rows). Answered at once (no job). Charged as a search: 1 request when `data` has rows, none when it has none.
         */
        get: operations["mkt_b_history_sold"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/history/mkt_c/sold": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sold history of mkt_c from the archive
         * @description The sold rows this service has read from the marketplace's sold pages and kept, past the marketplace's own window: every word of `q` in the title (case folded, no stemming), newest first, 200 a page, each judged against `q`, and the `months` block (per month, the count and median displayed price of the rows judged `item`). Live keys read the live archive, sandbox keys the sandbox archive (the simulators' synthetic rows). Answered at once (no job). Charged as a search: 1 request when `data` has rows, none when it has none.
         */
        get: operations["mkt_c_history_sold"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "job.settled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A job settled
         * @description POSTed to each enabled endpoint subscribed to the event, at least once, with retries for 24 hours; no order is promised. Answer 2xx within the timeout; redirects are not followed. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event ID; the same on every delivery and retry: drop repeats by it. */
                    "Listings-Event-Id": string;
                    /** @description The event type. */
                    "Listings-Event-Type": "job.settled" | "batch.settled";
                    /** @description `<event id>.<endpoint id>`: the same on every attempt, retry and redelivery after a crash of this event to this endpoint. */
                    "Listings-Delivery-Id": string;
                    /** @description 1 on the first delivery, 2 on the next, …: every attempt begun counts, one cut short by a crash of the sender too. */
                    "Listings-Delivery-Attempt": number;
                    /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`; verify over the raw body in constant time and refuse an old `t`. */
                    "Listings-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "id": "evt_job_7mRq2h8VxPz1cT4yKbN0aQ",
                     *       "type": "job.settled",
                     *       "created_at": "2026-11-24T04:01:12.345Z",
                     *       "sandbox": true,
                     *       "data": {
                     *         "job": {
                     *           "request_id": "req_7mRq2h8VxPz1cT4yKbN0aQ",
                     *           "status": "complete",
                     *           "credits": 1,
                     *           "cached": false,
                     *           "result": {
                     *             "provider": "mkt_a",
                     *             "country": "us",
                     *             "query": "leica m6",
                     *             "page": 1,
                     *             "page_size": 60,
                     *             "count": 60,
                     *             "reported_total": 242,
                     *             "next_page": 2,
                     *             "next_cursor": null,
                     *             "collected_at": "2026-11-24T04:01:12.101Z",
                     *             "schema_version": 1,
                     *             "completeness": "provider_page_only",
                     *             "field_notes": "…"
                     *           }
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["JobSettledEvent"];
                };
            };
            responses: {
                /** @description Received; any 2xx stops the retries. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Any other answer (or none) is retried with backoff. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "batch.settled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A batch settled
         * @description POSTed to each enabled endpoint subscribed to the event, at least once, with retries for 24 hours; no order is promised. Answer 2xx within the timeout; redirects are not followed. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event ID; the same on every delivery and retry: drop repeats by it. */
                    "Listings-Event-Id": string;
                    /** @description The event type. */
                    "Listings-Event-Type": "job.settled" | "batch.settled";
                    /** @description `<event id>.<endpoint id>`: the same on every attempt, retry and redelivery after a crash of this event to this endpoint. */
                    "Listings-Delivery-Id": string;
                    /** @description 1 on the first delivery, 2 on the next, …: every attempt begun counts, one cut short by a crash of the sender too. */
                    "Listings-Delivery-Attempt": number;
                    /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`; verify over the raw body in constant time and refuse an old `t`. */
                    "Listings-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "id": "evt_batch_2xVb8qLm4NcT0rYz6HwPjA",
                     *       "type": "batch.settled",
                     *       "created_at": "2026-11-24T04:02:40.010Z",
                     *       "sandbox": false,
                     *       "data": {
                     *         "batch": {
                     *           "batch_id": "bat_2xVb8qLm4NcT0rYz6HwPjA",
                     *           "status": "complete",
                     *           "created_at": "2026-11-24T04:02:31.880+00:00",
                     *           "counts": {
                     *             "pending": 0,
                     *             "complete": 9,
                     *             "failed": 1,
                     *             "rejected": 0
                     *           },
                     *           "credits": 9
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["BatchSettledEvent"];
                };
            };
            responses: {
                /** @description Received; any 2xx stops the retries. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Any other answer (or none) is retried with backoff. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "watch.matched": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A watch matched
         * @description POSTed to the watch's endpoint when a run finds rows new since the last run, or cheaper, that pass its rules; nothing when nothing changed. Signed, retried and delivered at least once like every event; no order is promised. See docs/watches.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event ID; the same on every delivery and retry: drop repeats by it. */
                    "Listings-Event-Id": string;
                    /** @description The event type. */
                    "Listings-Event-Type": "watch.matched";
                    /** @description `<event id>.<endpoint id>`: the same on every attempt, retry and redelivery after a crash of this event to this endpoint. */
                    "Listings-Delivery-Id": string;
                    /** @description 1 on the first delivery, 2 on the next, …: every attempt begun counts, one cut short by a crash of the sender too. */
                    "Listings-Delivery-Attempt": number;
                    /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`; verify over the raw body in constant time and refuse an old `t`. */
                    "Listings-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "id": "evt_watch_7mRq2h8VxPz1cT4yKbN0aQ",
                     *       "type": "watch.matched",
                     *       "created_at": "2026-11-24T05:00:03.409Z",
                     *       "sandbox": false,
                     *       "data": {
                     *         "watch": {
                     *           "id": "wat_4kVb8qLm4NcT0rYz6HwPjA",
                     *           "name": "leica m6 under $1,500",
                     *           "search": {
                     *             "endpoint": "mkt_a/listings",
                     *             "q": "leica m6",
                     *             "condition": [
                     *               "used"
                     *             ],
                     *             "sort": "newest"
                     *           }
                     *         },
                     *         "run": {
                     *           "scheduled_at": "2026-11-24T05:00:00.000Z",
                     *           "request_id": "req_GtYYBs1geKLY2MGhsFrcbU",
                     *           "rows": 60
                     *         },
                     *         "matches": [
                     *           {
                     *             "reason": "price_drop",
                     *             "previous_price": {
                     *               "amount": 1590,
                     *               "currency": "USD"
                     *             },
                     *             "row": {
                     *               "id": "135928300001",
                     *               "title": "Leica M6 0.72 black chrome body",
                     *               "link": "https://www.ebay.com/itm/135928300001",
                     *               "displayed_price": {
                     *                 "amount": 1390,
                     *                 "currency": "USD"
                     *               }
                     *             }
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WatchMatchedEvent"];
                };
            };
            responses: {
                /** @description Received; any 2xx stops the retries. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Any other answer (or none) is retried with backoff. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        Error: {
            error: {
                /**
                 * @description What clients branch on; stable.
                 * @enum {string}
                 */
                code: "invalid_api_key" | "account_suspended" | "origin_not_allowed" | "not_found" | "request_not_found" | "method_not_allowed" | "idempotency_conflict" | "result_not_ready" | "uri_too_long" | "unsupported_or_invalid_query" | "duplicate_parameter" | "sort_not_implemented" | "invalid_idempotency_key" | "invalid_wait" | "batch_too_large" | "rate_limited" | "quota_exceeded" | "too_many_pending" | "upstream_daily_limit" | "queue_full" | "collection_unavailable" | "storage_unavailable" | "origin_unavailable" | "service_unconfigured";
                /** @description For people; wording may change. */
                message: string;
                /** @description The offending parameter, when there is one. */
                param?: string;
                /** @description Batch validation only: the position of the search to fix. */
                index?: number;
            };
        };
        /** @description Only when failed. */
        JobError: {
            /** @enum {string} */
            code: "rejected" | "filter_not_supported" | "page_out_of_range" | "not_submitted" | "upstream_blocked" | "upstream_error" | "upstream_timeout" | "collection_unavailable";
            message: string;
        };
        /** @description The job envelope (interface 2.2) of any route. */
        Job: {
            /** @description Poll at /v1/jobs/{request_id}. */
            request_id: string;
            /**
             * @description Check it even on HTTP 200.
             * @enum {string}
             */
            status: "pending" | "complete" | "failed";
            /**
             * @description 1 when complete, 0 while pending or when failed.
             * @enum {integer}
             */
            credits: 0 | 1;
            /** @description True when the result came from the 15-minute cache. */
            cached: boolean;
            /** @description Only while pending: /v1/jobs/<request_id> (join it to the host root). */
            poll_url?: string;
            error?: components["schemas"]["JobError"];
            /** @description Only when complete: one source page of the route searched. */
            result?: components["schemas"]["MktASoldResult"] | components["schemas"]["MktAListingsResult"] | components["schemas"]["MktBSoldResult"] | components["schemas"]["MktBListingsResult"] | components["schemas"]["MktCSoldResult"] | components["schemas"]["MktDListingsResult"] | components["schemas"]["MktEListingsResult"];
        };
        /** @description The job envelope of a mkt_a/sold search (interface 2.2). */
        MktASoldJob: {
            /** @description Poll at /v1/jobs/{request_id}. */
            request_id: string;
            /**
             * @description Check it even on HTTP 200.
             * @enum {string}
             */
            status: "pending" | "complete" | "failed";
            /**
             * @description 1 when complete, 0 while pending or when failed.
             * @enum {integer}
             */
            credits: 0 | 1;
            /** @description True when the result came from the 15-minute cache. */
            cached: boolean;
            /** @description Only while pending: /v1/jobs/<request_id> (join it to the host root). */
            poll_url?: string;
            error?: components["schemas"]["JobError"];
            result?: components["schemas"]["MktASoldResult"];
        };
        /** @description The job envelope of a mkt_a/listings search (interface 2.2). */
        MktAListingsJob: {
            /** @description Poll at /v1/jobs/{request_id}. */
            request_id: string;
            /**
             * @description Check it even on HTTP 200.
             * @enum {string}
             */
            status: "pending" | "complete" | "failed";
            /**
             * @description 1 when complete, 0 while pending or when failed.
             * @enum {integer}
             */
            credits: 0 | 1;
            /** @description True when the result came from the 15-minute cache. */
            cached: boolean;
            /** @description Only while pending: /v1/jobs/<request_id> (join it to the host root). */
            poll_url?: string;
            error?: components["schemas"]["JobError"];
            result?: components["schemas"]["MktAListingsResult"];
        };
        /** @description The job envelope of a mkt_b/sold search (interface 2.2). */
        MktBSoldJob: {
            /** @description Poll at /v1/jobs/{request_id}. */
            request_id: string;
            /**
             * @description Check it even on HTTP 200.
             * @enum {string}
             */
            status: "pending" | "complete" | "failed";
            /**
             * @description 1 when complete, 0 while pending or when failed.
             * @enum {integer}
             */
            credits: 0 | 1;
            /** @description True when the result came from the 15-minute cache. */
            cached: boolean;
            /** @description Only while pending: /v1/jobs/<request_id> (join it to the host root). */
            poll_url?: string;
            error?: components["schemas"]["JobError"];
            result?: components["schemas"]["MktBSoldResult"];
        };
        /** @description The job envelope of a mkt_b/listings search (interface 2.2). */
        MktBListingsJob: {
            /** @description Poll at /v1/jobs/{request_id}. */
            request_id: string;
            /**
             * @description Check it even on HTTP 200.
             * @enum {string}
             */
            status: "pending" | "complete" | "failed";
            /**
             * @description 1 when complete, 0 while pending or when failed.
             * @enum {integer}
             */
            credits: 0 | 1;
            /** @description True when the result came from the 15-minute cache. */
            cached: boolean;
            /** @description Only while pending: /v1/jobs/<request_id> (join it to the host root). */
            poll_url?: string;
            error?: components["schemas"]["JobError"];
            result?: components["schemas"]["MktBListingsResult"];
        };
        /** @description The job envelope of a mkt_c/sold search (interface 2.2). */
        MktCSoldJob: {
            /** @description Poll at /v1/jobs/{request_id}. */
            request_id: string;
            /**
             * @description Check it even on HTTP 200.
             * @enum {string}
             */
            status: "pending" | "complete" | "failed";
            /**
             * @description 1 when complete, 0 while pending or when failed.
             * @enum {integer}
             */
            credits: 0 | 1;
            /** @description True when the result came from the 15-minute cache. */
            cached: boolean;
            /** @description Only while pending: /v1/jobs/<request_id> (join it to the host root). */
            poll_url?: string;
            error?: components["schemas"]["JobError"];
            result?: components["schemas"]["MktCSoldResult"];
        };
        /** @description The job envelope of a mkt_d/listings search (interface 2.2). */
        MktDListingsJob: {
            /** @description Poll at /v1/jobs/{request_id}. */
            request_id: string;
            /**
             * @description Check it even on HTTP 200.
             * @enum {string}
             */
            status: "pending" | "complete" | "failed";
            /**
             * @description 1 when complete, 0 while pending or when failed.
             * @enum {integer}
             */
            credits: 0 | 1;
            /** @description True when the result came from the 15-minute cache. */
            cached: boolean;
            /** @description Only while pending: /v1/jobs/<request_id> (join it to the host root). */
            poll_url?: string;
            error?: components["schemas"]["JobError"];
            result?: components["schemas"]["MktDListingsResult"];
        };
        /** @description The job envelope of a mkt_e/listings search (interface 2.2). */
        MktEListingsJob: {
            /** @description Poll at /v1/jobs/{request_id}. */
            request_id: string;
            /**
             * @description Check it even on HTTP 200.
             * @enum {string}
             */
            status: "pending" | "complete" | "failed";
            /**
             * @description 1 when complete, 0 while pending or when failed.
             * @enum {integer}
             */
            credits: 0 | 1;
            /** @description True when the result came from the 15-minute cache. */
            cached: boolean;
            /** @description Only while pending: /v1/jobs/<request_id> (join it to the host root). */
            poll_url?: string;
            error?: components["schemas"]["JobError"];
            result?: components["schemas"]["MktEListingsResult"];
        };
        /**
         * @description A displayed amount in US dollars.
         * @example {
         *       "amount": 129.99,
         *       "currency": "USD"
         *     }
         */
        Money: {
            /** @description Dollars, with cents as decimals. */
            amount: number;
            /**
             * @description Always `USD`.
             * @constant
             */
            currency: "USD";
        };
        /** @description Figures of a set of USD amounts (displayed prices: asks or headline amounts, never verified transaction prices). Every figure is null when `count` is 0. */
        PriceFigures: {
            /** @description Amounts the figures are over. */
            count: number;
            /** @description The middle amount, or the mean of the two middle ones. */
            median: number | null;
            /** @description Lower hinge (Tukey's: the median of the lower half). */
            p25: number | null;
            /** @description Upper hinge (the median of the upper half). */
            p75: number | null;
            /** @description Lowest amount. */
            low: number | null;
            /** @description Highest amount. */
            high: number | null;
            /** @description A distribution-free 90 % confidence interval of the median from order statistics (binomial, no assumption on the shape of prices); null with fewer than 5 amounts. */
            median_ci90: {
                /** @description Lower bound: an order statistic of the amounts. */
                low: number;
                /** @description Upper bound: an order statistic of the amounts. */
                high: number;
                /**
                 * @description The confidence asked for: 0.9.
                 * @constant
                 */
                level: 0.9;
                /** @description The exact coverage of these two order statistics (at least `level`). */
                coverage: number;
            } | null;
        };
        /** @description Price figures over the rows judged `item` (the product the query names) with a USD displayed price, and how many rows of each kind the page had. An extension of the interface: `summary` of a batch item stays over every row. */
        Comps: {
            /**
             * @description Which rows the figures are over: always `item`.
             * @constant
             */
            basis: "item";
            /**
             * @description Always `USD`.
             * @constant
             */
            currency: "USD";
            /** @description Over the item rows' displayed prices. */
            price: components["schemas"]["PriceFigures"];
            /** @description Over the item rows whose shipping is known (free is 0): displayed price plus shipping. */
            price_with_shipping: components["schemas"]["PriceFigures"];
            /** @description Rows of the page of each `comp_kind`. */
            kinds: {
                item: number;
                accessory: number;
                lot: number;
                parts: number;
                other: number;
            };
        };
        /**
         * mkt_a sold row
         * @description A sold listing on mkt_a (interface 2.4).
         */
        MktASoldRow: {
            /** @description The marketplace's listing ID. */
            id: string;
            /** @description Listing title. */
            title: string | null;
            /**
             * Format: uri
             * @description The listing on the marketplace.
             */
            link: string;
            /** @description The price shown; null for a price range of a multi-variation listing (the range stays in `displayed_price_text`) or when unreadable. */
            displayed_price: components["schemas"]["Money"] | null;
            /** @description The price as shown. */
            displayed_price_text: string | null;
            /** @description Read only from exact shipping text; free delivery is amount 0; estimates and unspecified shipping are null. */
            displayed_shipping: components["schemas"]["Money"] | null;
            /** @description The shipping text as shown. */
            shipping_text: string | null;
            /** @description YYYY-MM-DD: the most recent date matching `sold_date_text` (which has no year). */
            sold_date: string | null;
            /** @description The sold date as shown, without a year. */
            sold_date_text: string | null;
            /** @description The marketplace's own condition text. */
            condition: string | null;
            /** @description Username, feedback count and positive percentage as one string. */
            seller_text: string | null;
            /** @description Always null on mkt_a. */
            brand: null;
            /** @description Always null on mkt_a. */
            size: null;
            /** @description Image URL on the marketplace image host, or null. */
            image: string | null;
            /** @description Reserved; always null (no verified transaction price). */
            price: null;
            /** @description Reserved; always null. */
            shipping: null;
            /** @description Reserved; always null. */
            sold_at: null;
            /** @description Reserved; always null. */
            took_offer: null;
            /**
             * @description What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated).
             * @enum {string}
             */
            comp_kind: "item" | "accessory" | "lot" | "parts" | "other";
            /** @description Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code. */
            comp_reasons: string[];
        };
        /**
         * mkt_a/sold result
         * @description One source page of mkt_a/sold (interface 2.3).
         */
        MktASoldResult: {
            /**
             * @description Marketplace token of the route.
             * @constant
             */
            provider: "mkt_a";
            /**
             * @description Always `us`.
             * @constant
             */
            country: "us";
            /** @description The `q` sent, extra spaces removed. */
            query: string;
            /** @description Page asked for. */
            page: number;
            /** @description Rows on the source page (may exceed `count`). */
            page_size: number;
            /** @description Rows in `data`. */
            count: number;
            /** @description Total matches the marketplace reports; may be rounded or capped. */
            reported_total: number | null;
            /** @description Send as `page` for the next page; null on the last. */
            next_page: number | null;
            /** @description Always null: this route pages by `page` alone. */
            next_cursor: null;
            /**
             * Format: date-time
             * @description When the page was collected (ISO 8601).
             */
            collected_at: string;
            /**
             * @description Shape version of this result: 1.
             * @constant
             */
            schema_version: 1;
            /**
             * @description Always `provider_page_only`: one source page, not a full history.
             * @constant
             */
            completeness: "provider_page_only";
            /** @description How to read the page. */
            field_notes: string;
            /** @description The rows. */
            data: components["schemas"]["MktASoldRow"][];
            /** @description Version of the judgement rules and word lists the rows were judged with. */
            comp_version: string;
            comps: components["schemas"]["Comps"];
        };
        /**
         * mkt_a listings row
         * @description An active listing on mkt_a (interface 2.5).
         */
        MktAListingsRow: {
            /** @description The marketplace's listing ID. */
            id: string;
            /** @description Listing title. */
            title: string | null;
            /**
             * Format: uri
             * @description The listing on the marketplace.
             */
            link: string;
            /** @description Sponsored placement. */
            promoted: boolean;
            /**
             * @description `auction` when bids or an end time are shown.
             * @enum {string}
             */
            format: "auction" | "fixed_price";
            /** @description Asking price or current bid; null when unreadable or a range. */
            displayed_price: components["schemas"]["Money"] | null;
            /** @description The price as shown. */
            displayed_price_text: string | null;
            /** @description As on sold rows: exact shipping text only. */
            displayed_shipping: components["schemas"]["Money"] | null;
            /** @description The shipping text as shown. */
            shipping_text: string | null;
            /** @description The marketplace's own condition text. */
            condition: string | null;
            /** @description Always null on mkt_a. */
            brand: null;
            /** @description Always null on mkt_a. */
            size: null;
            /** @description Always null on mkt_a. */
            listed_at: null;
            /** @description Bids, on auctions. */
            bid_count: number | null;
            /** @description Auction end, ISO 8601 UTC. */
            ends_at: string | null;
            /** @description The seller accepts offers. */
            best_offer: boolean;
            /** @description Username, feedback count and positive percentage. */
            seller_text: string | null;
            /** @description Item location as shown. */
            location_text: string | null;
            /** @description Image URL on the marketplace image host, or null. */
            image: string | null;
            /**
             * @description What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated).
             * @enum {string}
             */
            comp_kind: "item" | "accessory" | "lot" | "parts" | "other";
            /** @description Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code. */
            comp_reasons: string[];
        };
        /**
         * mkt_a/listings result
         * @description One source page of mkt_a/listings (interface 2.3).
         */
        MktAListingsResult: {
            /**
             * @description Marketplace token of the route.
             * @constant
             */
            provider: "mkt_a";
            /**
             * @description Always `us`.
             * @constant
             */
            country: "us";
            /** @description The `q` sent, extra spaces removed. */
            query: string;
            /** @description Page asked for. */
            page: number;
            /** @description Rows on the source page (may exceed `count`). */
            page_size: number;
            /** @description Rows in `data`. */
            count: number;
            /** @description Total matches the marketplace reports; may be rounded or capped. */
            reported_total: number | null;
            /** @description Send as `page` for the next page; null on the last. */
            next_page: number | null;
            /** @description Always null: this route pages by `page` alone. */
            next_cursor: null;
            /**
             * Format: date-time
             * @description When the page was collected (ISO 8601).
             */
            collected_at: string;
            /**
             * @description Shape version of this result: 1.
             * @constant
             */
            schema_version: 1;
            /**
             * @description Always `provider_page_only`: one source page, not a full history.
             * @constant
             */
            completeness: "provider_page_only";
            /** @description How to read the page. */
            field_notes: string;
            /** @description The rows. */
            data: components["schemas"]["MktAListingsRow"][];
            /** @description Version of the judgement rules and word lists the rows were judged with. */
            comp_version: string;
            comps: components["schemas"]["Comps"];
        };
        /**
         * mkt_b sold row
         * @description A sold (sold-out inventory) listing on mkt_b (interface 2.4).
         */
        MktBSoldRow: {
            /** @description The marketplace's listing ID. */
            id: string;
            /** @description Listing title. */
            title: string | null;
            /**
             * Format: uri
             * @description The listing on the marketplace.
             */
            link: string;
            /** @description The listing ask, not a transaction amount. */
            displayed_price: components["schemas"]["Money"] | null;
            /** @description The price as shown. */
            displayed_price_text: string | null;
            /** @description Not shown by the marketplace in search; null. */
            displayed_shipping: components["schemas"]["Money"] | null;
            /** @description Not shown by the marketplace in search; null. */
            shipping_text: string | null;
            /** @description The date part of `sold_date_text`. */
            sold_date: string | null;
            /** @description Timestamp (with UTC offset) of the inventory change to sold out. */
            sold_date_text: string | null;
            /** @description `nwt` new with tags, `uln` like new, `ug` good, `uf` fair. */
            condition: ("nwt" | "uln" | "ug" | "uf") | null;
            /** @description The seller username. */
            seller_text: string | null;
            /** @description Brand, when shown. */
            brand: string | null;
            /** @description Size, when shown. */
            size: string | null;
            /** @description Image URL on the marketplace image host, or null. */
            image: string | null;
            /** @description Reserved; always null (no verified transaction price). */
            price: null;
            /** @description Reserved; always null. */
            shipping: null;
            /** @description Reserved; always null. */
            sold_at: null;
            /** @description Reserved; always null. */
            took_offer: null;
            /**
             * @description What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated).
             * @enum {string}
             */
            comp_kind: "item" | "accessory" | "lot" | "parts" | "other";
            /** @description Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code. */
            comp_reasons: string[];
        };
        /**
         * mkt_b/sold result
         * @description One source page of mkt_b/sold (interface 2.3).
         */
        MktBSoldResult: {
            /**
             * @description Marketplace token of the route.
             * @constant
             */
            provider: "mkt_b";
            /**
             * @description Always `us`.
             * @constant
             */
            country: "us";
            /** @description The `q` sent, extra spaces removed. */
            query: string;
            /** @description Page asked for. */
            page: number;
            /** @description Rows on the source page (may exceed `count`). */
            page_size: number;
            /** @description Rows in `data`. */
            count: number;
            /** @description Total matches the marketplace reports; may be rounded or capped. */
            reported_total: number | null;
            /** @description Send as `page` for the next page; null on the last. */
            next_page: number | null;
            /** @description Send as `cursor` with `page` = `next_page`; null on the last page. */
            next_cursor: string | null;
            /**
             * Format: date-time
             * @description When the page was collected (ISO 8601).
             */
            collected_at: string;
            /**
             * @description Shape version of this result: 1.
             * @constant
             */
            schema_version: 1;
            /**
             * @description Always `provider_page_only`: one source page, not a full history.
             * @constant
             */
            completeness: "provider_page_only";
            /** @description How to read the page. */
            field_notes: string;
            /** @description The rows. */
            data: components["schemas"]["MktBSoldRow"][];
            /** @description Version of the judgement rules and word lists the rows were judged with. */
            comp_version: string;
            comps: components["schemas"]["Comps"];
        };
        /**
         * mkt_b listings row
         * @description An active listing on mkt_b (defined in docs/marketplaces/mkt_b.md; the interface does not show it).
         */
        MktBListingsRow: {
            /** @description The marketplace's listing ID. */
            id: string;
            /** @description Listing title. */
            title: string | null;
            /**
             * Format: uri
             * @description The listing on the marketplace.
             */
            link: string;
            /** @description Null: search results do not say. */
            promoted: null;
            /**
             * @description Always `fixed_price` (no auctions).
             * @constant
             */
            format: "fixed_price";
            /** @description The asking price. */
            displayed_price: components["schemas"]["Money"] | null;
            /** @description The price as shown. */
            displayed_price_text: string | null;
            /** @description Always null. */
            displayed_shipping: null;
            /** @description Always null. */
            shipping_text: null;
            /** @description Condition code. */
            condition: ("nwt" | "uln" | "ug" | "uf") | null;
            /** @description Brand, when shown. */
            brand: string | null;
            /** @description Size, when shown. */
            size: string | null;
            /** @description First published, UTC ISO 8601. */
            listed_at: string | null;
            /** @description Always null. */
            bid_count: null;
            /** @description Always null. */
            ends_at: null;
            /** @description Always null. */
            best_offer: null;
            /** @description The seller username. */
            seller_text: string | null;
            /** @description Always null. */
            location_text: null;
            /** @description Image URL on the marketplace image host, or null. */
            image: string | null;
            /**
             * @description What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated).
             * @enum {string}
             */
            comp_kind: "item" | "accessory" | "lot" | "parts" | "other";
            /** @description Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code. */
            comp_reasons: string[];
        };
        /**
         * mkt_b/listings result
         * @description One source page of mkt_b/listings (interface 2.3).
         */
        MktBListingsResult: {
            /**
             * @description Marketplace token of the route.
             * @constant
             */
            provider: "mkt_b";
            /**
             * @description Always `us`.
             * @constant
             */
            country: "us";
            /** @description The `q` sent, extra spaces removed. */
            query: string;
            /** @description Page asked for. */
            page: number;
            /** @description Rows on the source page (may exceed `count`). */
            page_size: number;
            /** @description Rows in `data`. */
            count: number;
            /** @description Total matches the marketplace reports; may be rounded or capped. */
            reported_total: number | null;
            /** @description Send as `page` for the next page; null on the last. */
            next_page: number | null;
            /** @description Send as `cursor` with `page` = `next_page`; null on the last page. */
            next_cursor: string | null;
            /**
             * Format: date-time
             * @description When the page was collected (ISO 8601).
             */
            collected_at: string;
            /**
             * @description Shape version of this result: 1.
             * @constant
             */
            schema_version: 1;
            /**
             * @description Always `provider_page_only`: one source page, not a full history.
             * @constant
             */
            completeness: "provider_page_only";
            /** @description How to read the page. */
            field_notes: string;
            /** @description The rows. */
            data: components["schemas"]["MktBListingsRow"][];
            /** @description Version of the judgement rules and word lists the rows were judged with. */
            comp_version: string;
            comps: components["schemas"]["Comps"];
        };
        /**
         * mkt_c sold row
         * @description A sold listing on mkt_c (interface 2.4); sales in progress and trading items are left out.
         */
        MktCSoldRow: {
            /** @description The marketplace's listing ID. */
            id: string;
            /** @description Listing title. */
            title: string | null;
            /**
             * Format: uri
             * @description The listing on the marketplace.
             */
            link: string;
            /** @description The price shown; always an object. */
            displayed_price: components["schemas"]["Money"];
            /** @description The price as shown. */
            displayed_price_text: string | null;
            /** @description Always null on mkt_c. */
            displayed_shipping: null;
            /** @description Always null on mkt_c. */
            shipping_text: null;
            /** @description The date part of `sold_date_text`; null when no sold time is reported. */
            sold_date: string | null;
            /** @description UTC timestamp of the sale as the marketplace reports it. */
            sold_date_text: string | null;
            /** @description Condition label. */
            condition: ("New" | "Like New" | "Good" | "Fair" | "Poor") | null;
            /** @description The seller ID as a string. */
            seller_text: string | null;
            /** @description Always null on mkt_c (see `brand_id`). */
            brand: null;
            /** @description Always null on mkt_c. */
            size: null;
            /** @description Image URL on the marketplace image host, or null. */
            image: string | null;
            /** @description Reserved; always null (no verified transaction price). */
            price: null;
            /** @description Reserved; always null. */
            shipping: null;
            /** @description Reserved; always null. */
            sold_at: null;
            /** @description Reserved; always null. */
            took_offer: null;
            /**
             * @description Always `sold`.
             * @constant
             */
            status: "sold";
            /** @description Seller ID. */
            seller_id: string | null;
            /** @description 1 new, 2 like new, 3 good, 4 fair, 5 poor. */
            condition_id: (1 | 2 | 3 | 4 | 5) | null;
            /** @description Numeric category ID. */
            category_id: number | null;
            /** @description Numeric brand ID (the brand name is not returned). */
            brand_id: number | null;
            /**
             * @description What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated).
             * @enum {string}
             */
            comp_kind: "item" | "accessory" | "lot" | "parts" | "other";
            /** @description Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code. */
            comp_reasons: string[];
        };
        /**
         * mkt_c/sold result
         * @description One source page of mkt_c/sold (interface 2.3).
         */
        MktCSoldResult: {
            /**
             * @description Marketplace token of the route.
             * @constant
             */
            provider: "mkt_c";
            /**
             * @description Always `us`.
             * @constant
             */
            country: "us";
            /** @description The `q` sent, extra spaces removed. */
            query: string;
            /** @description Page asked for. */
            page: number;
            /** @description Rows on the source page (may exceed `count`). */
            page_size: number;
            /** @description Rows in `data`. */
            count: number;
            /** @description Total matches the marketplace reports; may be rounded or capped. */
            reported_total: number | null;
            /** @description Send as `page` for the next page; null on the last. */
            next_page: number | null;
            /** @description Send as `cursor` with `page` = `next_page`; null on the last page. */
            next_cursor: string | null;
            /**
             * Format: date-time
             * @description When the page was collected (ISO 8601).
             */
            collected_at: string;
            /**
             * @description Shape version of this result: 1.
             * @constant
             */
            schema_version: 1;
            /**
             * @description Always `provider_page_only`: one source page, not a full history.
             * @constant
             */
            completeness: "provider_page_only";
            /** @description How to read the page. */
            field_notes: string;
            /** @description The rows. */
            data: components["schemas"]["MktCSoldRow"][];
            /** @description Version of the judgement rules and word lists the rows were judged with. */
            comp_version: string;
            comps: components["schemas"]["Comps"];
        };
        /**
         * mkt_d listings row
         * @description An active USD listing on mkt_d (interface 2.5); other currencies and inactive listings are dropped.
         */
        MktDListingsRow: {
            /** @description The marketplace's listing ID. */
            id: string;
            /** @description The listing description, up to 2,000 characters. */
            title: string | null;
            /**
             * Format: uri
             * @description The listing on the marketplace.
             */
            link: string;
            /** @description The headline USD price; may include buyer fee, shipping or tax (`price_includes`); not the checkout total. */
            displayed_price: components["schemas"]["Money"];
            /** @description The price as text. */
            displayed_price_text: string | null;
            /** @description What the headline price includes; empty means none. */
            price_includes: ("buyer_fee" | "shipping_price" | "tax")[];
            /** @description Always null. */
            displayed_shipping: null;
            /** @description Always null. */
            shipping_text: null;
            /** @description Condition code. */
            condition: ("brand_new" | "used_like_new" | "used_excellent" | "used_good" | "used_fair") | null;
            /** @description Always null. */
            seller_text: null;
            /** @description Brand. */
            brand: string | null;
            /** @description Available sizes. */
            size: string | null;
            /** @description Image URL on the marketplace image host, or null. */
            image: string | null;
            /**
             * @description Always `active`.
             * @constant
             */
            status: "active";
            /** @description Boosted. */
            promoted: boolean | null;
            /**
             * @description Always `fixed_price`.
             * @constant
             */
            format: "fixed_price";
            /** @description Always null. */
            listed_at: null;
            /** @description Always null. */
            bid_count: null;
            /** @description Always null. */
            ends_at: null;
            /** @description Always null. */
            best_offer: null;
            /** @description Location as shown. */
            location_text: string | null;
            /**
             * @description What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated).
             * @enum {string}
             */
            comp_kind: "item" | "accessory" | "lot" | "parts" | "other";
            /** @description Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code. */
            comp_reasons: string[];
        };
        /**
         * mkt_d/listings result
         * @description One source page of mkt_d/listings (interface 2.3).
         */
        MktDListingsResult: {
            /**
             * @description Marketplace token of the route.
             * @constant
             */
            provider: "mkt_d";
            /**
             * @description Always `us`.
             * @constant
             */
            country: "us";
            /** @description The `q` sent, extra spaces removed. */
            query: string;
            /** @description Page asked for. */
            page: number;
            /** @description Rows on the source page (may exceed `count`). */
            page_size: number;
            /** @description Rows in `data`. */
            count: number;
            /** @description Total matches the marketplace reports; may be rounded or capped. */
            reported_total: number | null;
            /** @description Send as `page` for the next page; null on the last. */
            next_page: number | null;
            /** @description Send as `cursor` with `page` = `next_page`; null on the last page. */
            next_cursor: string | null;
            /**
             * Format: date-time
             * @description When the page was collected (ISO 8601).
             */
            collected_at: string;
            /**
             * @description Shape version of this result: 1.
             * @constant
             */
            schema_version: 1;
            /**
             * @description Always `provider_page_only`: one source page, not a full history.
             * @constant
             */
            completeness: "provider_page_only";
            /** @description How to read the page. */
            field_notes: string;
            /** @description The rows. */
            data: components["schemas"]["MktDListingsRow"][];
            /** @description Version of the judgement rules and word lists the rows were judged with. */
            comp_version: string;
            comps: components["schemas"]["Comps"];
        };
        /**
         * mkt_e listings row
         * @description A local active listing on mkt_e (interface 2.5).
         */
        MktEListingsRow: {
            /** @description The marketplace's listing ID. */
            id: string;
            /** @description Title, up to 2,000 characters. */
            title: string;
            /**
             * Format: uri
             * @description The listing on the marketplace.
             */
            link: string;
            /** @description USD ask; null when the seller asks buyers to call. */
            displayed_price: components["schemas"]["Money"] | null;
            /** @description The price as text. */
            displayed_price_text: string | null;
            /** @description The seller asks buyers to call for the price. */
            call_for_price: boolean;
            /** @description The seller marked the price firm. */
            firm_price: boolean | null;
            /** @description Condition; usually null in search. */
            condition: string | null;
            /** @description The area the seller chose, not an address. */
            location_text: string | null;
            /** @description From `City, ST` text. */
            city: string | null;
            /** @description Two-letter state. */
            state: string | null;
            /** @description Thumbnail URL. */
            image: string | null;
            /** @description Odometer miles of a vehicle. */
            vehicle_miles: number | null;
            /** @description Paid placement. */
            promoted: boolean;
            /** @description Raw source flags (local pickup, call for price, …). */
            flags: string[];
            /**
             * @description What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated).
             * @enum {string}
             */
            comp_kind: "item" | "accessory" | "lot" | "parts" | "other";
            /** @description Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code. */
            comp_reasons: string[];
        };
        /**
         * mkt_e/listings result
         * @description One source page of mkt_e/listings (interface 2.3).
         */
        MktEListingsResult: {
            /**
             * @description Marketplace token of the route.
             * @constant
             */
            provider: "mkt_e";
            /**
             * @description Always `us`.
             * @constant
             */
            country: "us";
            /** @description The `q` sent, extra spaces removed. */
            query: string;
            /** @description Page asked for. */
            page: number;
            /** @description Rows on the source page (may exceed `count`). */
            page_size: number;
            /** @description Rows in `data`. */
            count: number;
            /** @description Total matches the marketplace reports; may be rounded or capped. */
            reported_total: number | null;
            /** @description Send as `page` for the next page; null on the last. */
            next_page: number | null;
            /** @description Send as `cursor` with `page` = `next_page`; null on the last page. */
            next_cursor: string | null;
            /**
             * Format: date-time
             * @description When the page was collected (ISO 8601).
             */
            collected_at: string;
            /**
             * @description Shape version of this result: 2.
             * @constant
             */
            schema_version: 2;
            /**
             * @description Always `provider_page_only`: one source page, not a full history.
             * @constant
             */
            completeness: "provider_page_only";
            /** @description How to read the page. */
            field_notes: string;
            /** @description The rows. */
            data: components["schemas"]["MktEListingsRow"][];
            /** @description Where the search was centred and how far it reached. */
            location: {
                /** @description The ZIP sent, or null when `lat`/`lon` were sent. */
                zip: string | null;
                /** @description Centre, decimal degrees. */
                latitude: number;
                /** @description Centre, decimal degrees. */
                longitude: number;
                /** @description The radius applied. */
                radius_miles: number;
                /** @description The `radius` sent, or null. */
                requested_radius_miles: number | null;
                /** @description The wider radius the marketplace used for this page when nearby results ran out, else null. */
                widened_radius_miles: number | null;
            };
            /** @description The category the marketplace applied, including one inferred from keywords (`5.1` cars and trucks). */
            category_id: string | null;
            /** @description The search was treated as cars and trucks. */
            vehicle_search: boolean;
            /** @description Version of the judgement rules and word lists the rows were judged with. */
            comp_version: string;
            comps: components["schemas"]["Comps"];
        };
        BatchCounts: {
            pending: number;
            complete: number;
            failed: number;
            rejected: number;
        };
        /** @description Price summary of a complete mkt_a item (displayed prices, not transaction prices). */
        BatchSummary: {
            priced_count: number;
            /** @constant */
            currency: "USD";
            median: number | null;
            low: number | null;
            high: number | null;
            /** Format: date */
            earliest_sold_date: string | null;
            /** Format: date */
            latest_sold_date: string | null;
            best_offer_accepted_count: number;
        };
        BatchRequest: {
            /** @description Inputs applied to every search; any search may override each. */
            defaults?: {
                [key: string]: unknown;
            };
            /** @description Each search: `endpoint` plus the inputs its GET route takes (lists as comma-separated strings). */
            searches: ({
                /** @enum {string} */
                endpoint: "mkt_a/sold" | "mkt_a/listings" | "mkt_b/sold" | "mkt_b/listings" | "mkt_c/sold" | "mkt_d/listings" | "mkt_e/listings";
                q?: string;
                /** @description mkt_a only: one search per page 1..n. */
                pages?: number;
            } & {
                [key: string]: unknown;
            })[];
        };
        Batch: {
            batch_id: string;
            /** @enum {string} */
            status: "pending" | "complete";
            /** Format: date-time */
            created_at: string;
            counts: components["schemas"]["BatchCounts"];
            credits: number;
            items: {
                index: number;
                /** @enum {string} */
                endpoint: "mkt_a/sold" | "mkt_a/listings" | "mkt_b/sold" | "mkt_b/listings" | "mkt_c/sold" | "mkt_d/listings" | "mkt_e/listings";
                q: string;
                request_id: string | null;
                /** @enum {string} */
                status: "pending" | "complete" | "failed" | "rejected";
                cached: boolean;
                credits: number;
                /** @description When complete. */
                rows?: number;
                summary?: components["schemas"]["BatchSummary"];
                /** @description When complete, on every marketplace: the result's `comps` (figures over the rows judged `item`), beside `summary` (which stays over every row). An extension of the interface. */
                comps?: components["schemas"]["Comps"];
                /** @description When failed (a job error code) or rejected (an API error code). */
                error?: {
                    code: string;
                    message?: string;
                };
                /** @description Only when complete: one source page of the route searched. */
                result?: components["schemas"]["MktASoldResult"] | components["schemas"]["MktAListingsResult"] | components["schemas"]["MktBSoldResult"] | components["schemas"]["MktBListingsResult"] | components["schemas"]["MktCSoldResult"] | components["schemas"]["MktDListingsResult"] | components["schemas"]["MktEListingsResult"];
            }[];
        };
        /** @description The job envelope (interface 2.2) without its rows: `result` has every field but `data`. */
        WebhookJob: {
            request_id: string;
            /** @enum {string} */
            status: "complete" | "failed";
            /** @enum {integer} */
            credits: 0 | 1;
            cached: boolean;
            error?: {
                /** @enum {string} */
                code: "rejected" | "filter_not_supported" | "page_out_of_range" | "not_submitted" | "upstream_blocked" | "upstream_error" | "upstream_timeout" | "collection_unavailable";
                message: string;
            };
            /** @description The result object without `data`; read the rows from GET /v1/jobs/{request_id}. */
            result?: Record<string, never>;
        };
        /** @description The batch resource (interface 2.6) without items. */
        WebhookBatch: {
            batch_id: string;
            /** @constant */
            status: "complete";
            /** Format: date-time */
            created_at: string;
            counts: components["schemas"]["BatchCounts"];
            credits: number;
        };
        /** @description A search job that was answered pending (202) completed or failed. Cache hits have no event. */
        JobSettledEvent: {
            /** @description Stable across deliveries and retries of this event. */
            id: string;
            /** @constant */
            type: "job.settled";
            /** Format: date-time */
            created_at: string;
            /** @description True for events of sandbox keys' jobs (delivered only to sandbox endpoints). */
            sandbox: boolean;
            data: {
                job: components["schemas"]["WebhookJob"];
            };
        };
        /** @description A batch that had pending items has none left. A batch answered 200 (all cached) has no event. */
        BatchSettledEvent: {
            /** @description Stable across deliveries and retries of this event. */
            id: string;
            /** @constant */
            type: "batch.settled";
            /** Format: date-time */
            created_at: string;
            /** @description True for events of sandbox keys' jobs (delivered only to sandbox endpoints). */
            sandbox: boolean;
            data: {
                batch: components["schemas"]["WebhookBatch"];
            };
        };
        /** @description Which rows a run reports: every rule set must pass (null or absent: no such rule). */
        WatchRules: {
            /** @description Dollars: `displayed_price.amount` at least this (a row without a displayed price fails). */
            min_price?: number | null;
            /** @description Dollars: `displayed_price.amount` at most this. */
            max_price?: number | null;
            /** @description Values compared with the row's `condition`, without case. */
            conditions?: string[] | null;
            /** @description Every one must appear in the title (whole words, without case). */
            include_words?: string[] | null;
            /** @description None may appear in the title. */
            exclude_words?: string[] | null;
            /** @description The row's `comp_kind` must be one of these: `["item"]` reports the product searched, not its cases, lots or units for parts (a row without a judgement fails). */
            kinds?: ("item" | "accessory" | "lot" | "parts" | "other")[] | null;
        };
        /** @description The search, as a batch item takes it: `endpoint` plus the inputs its GET route takes (validated the same way), without `pages` or `cursor`. */
        WatchSearch: {
            /** @enum {string} */
            endpoint: "mkt_a/sold" | "mkt_a/listings" | "mkt_b/sold" | "mkt_b/listings" | "mkt_c/sold" | "mkt_d/listings" | "mkt_e/listings";
            q: string;
        } & {
            [key: string]: unknown;
        };
        WatchSchedule: {
            /** @description 900 (every 15 minutes) to 86400 (every 24 hours); sandbox keys from WATCH_SANDBOX_MIN_SECONDS (900 unless the operator lowers it). Default 3600. */
            every_seconds: number;
        };
        WatchMatchSummary: {
            id: string;
            /** @enum {string} */
            reason: "new" | "price_drop";
            title: string | null;
            link: string | null;
            displayed_price: {
                amount: number;
                currency: string;
            } | null;
            /** @description The displayed price the watch saw before (price drops). */
            previous_price: {
                amount: number;
                currency: string;
            } | null;
        };
        WatchRun: {
            /**
             * Format: date-time
             * @description The period of the run: at most one run per period.
             */
            scheduled_at: string;
            /**
             * @description `skipped`: the allowance or the pending cap refused the search (nothing charged).
             * @enum {string}
             */
            status: "running" | "complete" | "failed" | "skipped";
            /** Format: date-time */
            started_at: string;
            /** Format: date-time */
            finished_at: string | null;
            /** @description The run's search job: an ordinary job of the account (GET /v1/jobs/{request_id}). */
            request_id: string | null;
            /**
             * @description 1 when its search completed (cache hits included), else 0.
             * @enum {integer}
             */
            credits: 0 | 1;
            cached: boolean;
            rows: number | null;
            /** @description The first run: it recorded the rows and reported none (unless notify_on_first_run). */
            baseline: boolean;
            /** @description A later run's rows were compared first; this run compared nothing. */
            superseded: boolean;
            match_count: number;
            matches: components["schemas"]["WatchMatchSummary"][];
            /** @description The watch.matched event sent for this run. */
            event_id: string | null;
            /** @enum {string|null} */
            event_delivery: "queued" | "no_endpoint" | "endpoint_missing" | "endpoint_disabled" | "not_subscribed" | null;
            /** @description Skipped: the API error code (quota_exceeded, too_many_pending, account_suspended); failed: the job error code, or the refusal (queue_full, upstream_daily_limit, collection_unavailable). */
            error: {
                code: string;
                message: string;
            } | null;
        };
        Watch: {
            id: string;
            name: string | null;
            /** @enum {string} */
            mode: "live" | "sandbox";
            /** @enum {string} */
            status: "active" | "paused";
            /** @description `endpoint`, `q` and every parameter of the route as validated (defaults applied). */
            search: {
                [key: string]: unknown;
            };
            schedule: {
                /** @description 900 (every 15 minutes) to 86400 (every 24 hours); sandbox keys from WATCH_SANDBOX_MIN_SECONDS (900 unless the operator lowers it). Default 3600. */
                every_seconds: number;
            };
            /** @description Which rows a run reports: every rule set must pass (null or absent: no such rule). */
            rules: {
                /** @description Dollars: `displayed_price.amount` at least this (a row without a displayed price fails). */
                min_price: number | null;
                /** @description Dollars: `displayed_price.amount` at most this. */
                max_price: number | null;
                /** @description Values compared with the row's `condition`, without case. */
                conditions: string[] | null;
                /** @description Every one must appear in the title (whole words, without case). */
                include_words: string[] | null;
                /** @description None may appear in the title. */
                exclude_words: string[] | null;
                /** @description The row's `comp_kind` must be one of these: `["item"]` reports the product searched, not its cases, lots or units for parts (a row without a judgement fails). */
                kinds: ("item" | "accessory" | "lot" | "parts" | "other")[] | null;
            };
            webhook_endpoint_id: string | null;
            notify_on_first_run: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            next_run_at: string | null;
            last_run: components["schemas"]["WatchRun"] | null;
        };
        WatchCreate: {
            search: components["schemas"]["WatchSearch"];
            schedule?: components["schemas"]["WatchSchedule"];
            rules?: components["schemas"]["WatchRules"] | null;
            /** @description An endpoint of the account and mode that receives watch.matched; without one, runs record their matches only. */
            webhook_endpoint_id?: string | null;
            /** @description Report every row that passes the rules on the first run (default: the first run records a baseline and reports nothing). */
            notify_on_first_run?: boolean;
            name?: string | null;
        };
        /** @description Any of these; the search cannot change. */
        WatchUpdate: {
            /**
             * @description paused stops the runs; active resumes them (a run at once, then every interval).
             * @enum {string}
             */
            status?: "active" | "paused";
            schedule?: components["schemas"]["WatchSchedule"];
            rules?: components["schemas"]["WatchRules"] | null;
            webhook_endpoint_id?: string | null;
            notify_on_first_run?: boolean;
            name?: string | null;
        };
        WatchList: {
            data: components["schemas"]["Watch"][];
        };
        WatchRunList: {
            /** @description The last 50 runs, newest first. */
            data: components["schemas"]["WatchRun"][];
        };
        /** @description A watch's run found rows new since its last run, or whose displayed price fell, that pass its rules. */
        WatchMatchedEvent: {
            /** @description Stable across deliveries and retries of this event. */
            id: string;
            /** @constant */
            type: "watch.matched";
            /** Format: date-time */
            created_at: string;
            sandbox: boolean;
            data: {
                watch: {
                    id: string;
                    name: string | null;
                    search: Record<string, never>;
                };
                run: {
                    /** Format: date-time */
                    scheduled_at: string;
                    request_id: string;
                    rows: number;
                };
                matches: {
                    /** @enum {string} */
                    reason: "new" | "price_drop";
                    previous_price: {
                        amount: number;
                        currency: string;
                    } | null;
                    /** @description The row as the run's result has it (the route's row schema). */
                    row: {
                        id: string;
                    };
                }[];
            };
        };
        HistoryRow: {
            /** @description The marketplace's listing id: one row per marketplace and id. */
            id: string;
            title: string | null;
            link: string | null;
            image: string | null;
            displayed_price: {
                amount: number;
                currency: string;
            } | null;
            displayed_price_text: string | null;
            displayed_shipping: {
                amount: number;
                currency: string;
            } | null;
            shipping_text: string | null;
            /** Format: date */
            sold_date: string | null;
            sold_date_text: string | null;
            /**
             * Format: date
             * @description The day the row is filed under: `sold_date`, or the day it was first seen when the marketplace gave no sold date.
             */
            archived_on: string;
            condition: string | null;
            condition_id: number | null;
            category_id: number | null;
            brand_id: number | null;
            brand: string | null;
            size: string | null;
            /**
             * Format: date-time
             * @description When a search of this service first read the row.
             */
            first_seen_at: string;
            /**
             * Format: date-time
             * @description When a search last read it.
             */
            last_seen_at: string;
            /**
             * @description The row judged against this call's `q` (not the search that archived it).
             * @enum {string}
             */
            comp_kind: "item" | "accessory" | "lot" | "parts" | "other";
            comp_reasons: string[];
        };
        HistoryMonth: {
            month: string;
            /** @description Rows of the month judged `item`. */
            count: number;
            /** @description Median displayed USD price of those rows; null when none has one. */
            median: {
                amount: number;
                currency: string;
            } | null;
        };
        History: {
            /** @enum {string} */
            marketplace: "mkt_a" | "mkt_b" | "mkt_c";
            /** @description `q` trimmed, runs of white space folded. */
            query: string;
            /** Format: date */
            from: string;
            /** Format: date */
            to: string;
            page: number;
            /** @constant */
            page_size: 200;
            count: number;
            next_page: number | null;
            /**
             * @description 1 when `data` has rows, 0 when it has none.
             * @enum {integer}
             */
            credits: 0 | 1;
            comp_version: string;
            /** @description Oldest month first, over the newest matches (up to 2,000: `months_rows`). */
            months: components["schemas"]["HistoryMonth"][];
            /** @description Matches the months block was worked out from (the newest, up to 2,000). */
            months_rows: number;
            /** @description False when more rows matched than the months block read: its oldest month may be partial, and older ones missing. */
            months_complete: boolean;
            field_notes: string;
            data: components["schemas"]["HistoryRow"][];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    mkt_a_sold: {
        parameters: {
            query: {
                /** @description Search keywords, 1-200 characters. Runs of white space are folded and the ends trimmed in `result.query`. */
                q: string;
                /** @description Source page, 1-100. */
                page?: number;
                /** @description Lowest price, whole US dollars; must not exceed `max_price`. */
                min_price?: number;
                /** @description Highest price, whole US dollars. */
                max_price?: number;
                /** @description If sent, must be `mkt_a`. */
                marketplace?: "mkt_a";
                /** @description Only `us` is supported. */
                country?: "us";
                /**
                 * @description Comma-separated unique list: `new` Brand New, `open_box` Open Box or New (Other), `refurbished` every refurbished grade, `used` Pre-Owned, `for_parts` Parts Only. Applied by the marketplace. Send comma-separated, each value once.
                 * @example [
                 *       "new",
                 *       "open_box"
                 *     ]
                 */
                condition?: ("new" | "open_box" | "refurbished" | "used" | "for_parts")[];
            };
            header?: {
                /** @description Same key with the same search on a retry answers the same job and charges nothing more (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Complete job (cache hit, or an idempotent replay of a complete job). */
            200: {
                headers: {
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_pukAFLW9eOZLyc1exyfLEm",
                     *       "status": "complete",
                     *       "credits": 1,
                     *       "cached": true,
                     *       "result": {
                     *         "provider": "mkt_a",
                     *         "country": "us",
                     *         "query": "iphone 13",
                     *         "page": 1,
                     *         "page_size": 40,
                     *         "count": 1,
                     *         "reported_total": 177,
                     *         "next_page": 2,
                     *         "next_cursor": null,
                     *         "collected_at": "2026-11-21T23:49:43.091Z",
                     *         "schema_version": 1,
                     *         "completeness": "provider_page_only",
                     *         "field_notes": "One source page as the marketplace showed it; displayed prices are asks or headline amounts, not verified transaction prices.",
                     *         "data": [
                     *           {
                     *             "id": "396112047782",
                     *             "title": "Apple iPhone 13 128GB Midnight Unlocked",
                     *             "link": "https://www.mkt-a.example/itm/396112047782",
                     *             "displayed_price": {
                     *               "amount": 289.99,
                     *               "currency": "USD"
                     *             },
                     *             "displayed_price_text": "$289.99",
                     *             "displayed_shipping": {
                     *               "amount": 0,
                     *               "currency": "USD"
                     *             },
                     *             "shipping_text": "Free delivery",
                     *             "sold_date": "2026-11-18",
                     *             "sold_date_text": "Nov 18",
                     *             "condition": "Pre-Owned",
                     *             "seller_text": "phonehub (2,413) 99.6%",
                     *             "brand": null,
                     *             "size": null,
                     *             "image": "https://img.mkt-a.example/images/g/abc/s-l500.webp",
                     *             "price": null,
                     *             "shipping": null,
                     *             "sold_at": null,
                     *             "took_offer": null,
                     *             "comp_kind": "item",
                     *             "comp_reasons": []
                     *           }
                     *         ],
                     *         "comp_version": "1.0.0",
                     *         "comps": {
                     *           "basis": "item",
                     *           "currency": "USD",
                     *           "price": {
                     *             "count": 1,
                     *             "median": 289.99,
                     *             "p25": 289.99,
                     *             "p75": 289.99,
                     *             "low": 289.99,
                     *             "high": 289.99,
                     *             "median_ci90": null
                     *           },
                     *           "price_with_shipping": {
                     *             "count": 1,
                     *             "median": 289.99,
                     *             "p25": 289.99,
                     *             "p75": 289.99,
                     *             "low": 289.99,
                     *             "high": 289.99,
                     *             "median_ci90": null
                     *           },
                     *           "kinds": {
                     *             "item": 1,
                     *             "accessory": 0,
                     *             "lot": 0,
                     *             "parts": 0,
                     *             "other": 0
                     *           }
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["MktASoldJob"];
                };
            };
            /** @description Pending job; poll `poll_url` with `wait=20`. */
            202: {
                headers: {
                    Location?: string;
                    "Retry-After"?: 2;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_GtYYBs1geKLY2MGhsFrcbU",
                     *       "status": "pending",
                     *       "credits": 0,
                     *       "cached": false,
                     *       "poll_url": "/v1/jobs/req_GtYYBs1geKLY2MGhsFrcbU"
                     *     }
                     */
                    "application/json": components["schemas"]["MktASoldJob"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, malformed or revoked. Send `Authorization: Bearer <key>` with a current key; a rotated key stops working at once. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_api_key",
                     *         "message": "The API key is missing, malformed or revoked."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `account_suspended`: This account is suspended; contact support to restore it. Contact support; no key of the account works until it is restored.
             *
             *     `origin_not_allowed`: Requests from this browser origin are not allowed; call the API from a server. Call the API from a server, or ask an operator to allow your site origin.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "account_suspended",
                     *         "message": "This account is suspended; contact support to restore it."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `method_not_allowed`: Only GET is supported on this route. Use the method named in the `Allow` header (GET on searches and polls, POST to create a batch). */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "Only GET is supported on this route."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_conflict`: This Idempotency-Key was already used with different parameters. Use a new Idempotency-Key for a different search or body; reuse a key only for a retry of the same call. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "idempotency_conflict",
                     *         "message": "This Idempotency-Key was already used with different parameters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `uri_too_long`: The query string is longer than 2,048 characters. Shorten the query string to 2,048 characters or less. */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "uri_too_long",
                     *         "message": "The query string is longer than 2,048 characters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `unsupported_or_invalid_query`: A parameter is unknown or outside its documented range. Fix the parameter named in `error.param` (or the search at `error.index` of a batch); do not retry unchanged.
             *
             *     `duplicate_parameter`: A parameter was sent more than once. Send each parameter once; join list values with commas.
             *
             *     `sort_not_implemented`: sort=best_deal is not implemented. Use one of the `sort` values listed for the route.
             *
             *     `invalid_idempotency_key`: Idempotency-Key must be 1-128 printable ASCII characters without spaces. Use 1-128 printable ASCII characters without spaces (a UUID works).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unsupported_or_invalid_query",
                     *         "message": "A parameter is unknown or outside its documented range."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `rate_limited`: More than 60 API calls in the last minute for this account. Wait `Retry-After` seconds, then retry; poll with `wait=20` to spend fewer calls.
             *
             *     `quota_exceeded`: The plan allowance for the rolling 30 days is used up and no extra requests are left. Wait for older searches to leave the rolling 30 days, or buy extra requests / a larger plan.
             *
             *     `too_many_pending`: The account has too many pending searches; retry when some finish. Wait for pending searches to settle (`Retry-After`), then resend.
             */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "More than 60 API calls in the last minute for this account."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description A replay (same Idempotency-Key) of a failed search: the body is the failed job.
             *
             *     `queue_full`: The collection queue for this marketplace is full; retry shortly. Retry after `Retry-After` with the same Idempotency-Key.
             *
             *     `upstream_daily_limit`: The marketplace's daily limit is reached; new searches are paused, cached results still work. Cached results still answer; retry new searches after `Retry-After`.
             *
             *     `collection_unavailable`: Collection from this marketplace is unavailable. Retry after `Retry-After` with the same Idempotency-Key.
             *
             *     `storage_unavailable`: Storage is briefly unavailable; retry shortly. Retry after `Retry-After` with the same Idempotency-Key; the body says whether the call was recorded.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MktASoldJob"] | components["schemas"]["Error"];
                };
            };
        };
    };
    mkt_a_listings: {
        parameters: {
            query: {
                /** @description Search keywords, 1-200 characters. Runs of white space are folded and the ends trimmed in `result.query`. */
                q: string;
                /** @description Source page, 1-100. */
                page?: number;
                /** @description Lowest price, whole US dollars; must not exceed `max_price`. */
                min_price?: number;
                /** @description Highest price, whole US dollars. */
                max_price?: number;
                /** @description If sent, must be `mkt_a`. */
                marketplace?: "mkt_a";
                /** @description Only `us` is supported. */
                country?: "us";
                /**
                 * @description Comma-separated unique list: `new` Brand New, `open_box` Open Box or New (Other), `refurbished` every refurbished grade, `used` Pre-Owned, `for_parts` Parts Only. Applied by the marketplace. Send comma-separated, each value once.
                 * @example [
                 *       "new",
                 *       "open_box"
                 *     ]
                 */
                condition?: ("new" | "open_box" | "refurbished" | "used" | "for_parts")[];
                /** @description Marketplace order; promoted listings are included and flagged. */
                sort?: "best_match" | "newest" | "price_asc" | "ending_soon";
            };
            header?: {
                /** @description Same key with the same search on a retry answers the same job and charges nothing more (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Complete job (cache hit, or an idempotent replay of a complete job). */
            200: {
                headers: {
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_pukAFLW9eOZLyc1exyfLEm",
                     *       "status": "complete",
                     *       "credits": 1,
                     *       "cached": true,
                     *       "result": {
                     *         "provider": "mkt_a",
                     *         "country": "us",
                     *         "query": "iphone 13",
                     *         "page": 1,
                     *         "page_size": 40,
                     *         "count": 1,
                     *         "reported_total": 177,
                     *         "next_page": 2,
                     *         "next_cursor": null,
                     *         "collected_at": "2026-11-21T23:49:43.091Z",
                     *         "schema_version": 1,
                     *         "completeness": "provider_page_only",
                     *         "field_notes": "One source page as the marketplace showed it; displayed prices are asks or headline amounts, not verified transaction prices.",
                     *         "data": [
                     *           {
                     *             "id": "396112047790",
                     *             "title": "Apple iPhone 13 256GB Blue",
                     *             "link": "https://www.mkt-a.example/itm/396112047790",
                     *             "promoted": false,
                     *             "format": "auction",
                     *             "displayed_price": {
                     *               "amount": 210,
                     *               "currency": "USD"
                     *             },
                     *             "displayed_price_text": "$210.00",
                     *             "displayed_shipping": null,
                     *             "shipping_text": "+$8.99 delivery estimate",
                     *             "condition": "Pre-Owned",
                     *             "brand": null,
                     *             "size": null,
                     *             "listed_at": null,
                     *             "bid_count": 7,
                     *             "ends_at": "2026-11-23T18:02:00Z",
                     *             "best_offer": false,
                     *             "seller_text": "gadgetbarn (812) 100%",
                     *             "location_text": "Located in Dallas, TX",
                     *             "image": "https://img.mkt-a.example/images/g/def/s-l500.webp",
                     *             "comp_kind": "item",
                     *             "comp_reasons": []
                     *           }
                     *         ],
                     *         "comp_version": "1.0.0",
                     *         "comps": {
                     *           "basis": "item",
                     *           "currency": "USD",
                     *           "price": {
                     *             "count": 1,
                     *             "median": 210,
                     *             "p25": 210,
                     *             "p75": 210,
                     *             "low": 210,
                     *             "high": 210,
                     *             "median_ci90": null
                     *           },
                     *           "price_with_shipping": {
                     *             "count": 0,
                     *             "median": null,
                     *             "p25": null,
                     *             "p75": null,
                     *             "low": null,
                     *             "high": null,
                     *             "median_ci90": null
                     *           },
                     *           "kinds": {
                     *             "item": 1,
                     *             "accessory": 0,
                     *             "lot": 0,
                     *             "parts": 0,
                     *             "other": 0
                     *           }
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["MktAListingsJob"];
                };
            };
            /** @description Pending job; poll `poll_url` with `wait=20`. */
            202: {
                headers: {
                    Location?: string;
                    "Retry-After"?: 2;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_GtYYBs1geKLY2MGhsFrcbU",
                     *       "status": "pending",
                     *       "credits": 0,
                     *       "cached": false,
                     *       "poll_url": "/v1/jobs/req_GtYYBs1geKLY2MGhsFrcbU"
                     *     }
                     */
                    "application/json": components["schemas"]["MktAListingsJob"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, malformed or revoked. Send `Authorization: Bearer <key>` with a current key; a rotated key stops working at once. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_api_key",
                     *         "message": "The API key is missing, malformed or revoked."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `account_suspended`: This account is suspended; contact support to restore it. Contact support; no key of the account works until it is restored.
             *
             *     `origin_not_allowed`: Requests from this browser origin are not allowed; call the API from a server. Call the API from a server, or ask an operator to allow your site origin.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "account_suspended",
                     *         "message": "This account is suspended; contact support to restore it."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `method_not_allowed`: Only GET is supported on this route. Use the method named in the `Allow` header (GET on searches and polls, POST to create a batch). */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "Only GET is supported on this route."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_conflict`: This Idempotency-Key was already used with different parameters. Use a new Idempotency-Key for a different search or body; reuse a key only for a retry of the same call. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "idempotency_conflict",
                     *         "message": "This Idempotency-Key was already used with different parameters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `uri_too_long`: The query string is longer than 2,048 characters. Shorten the query string to 2,048 characters or less. */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "uri_too_long",
                     *         "message": "The query string is longer than 2,048 characters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `unsupported_or_invalid_query`: A parameter is unknown or outside its documented range. Fix the parameter named in `error.param` (or the search at `error.index` of a batch); do not retry unchanged.
             *
             *     `duplicate_parameter`: A parameter was sent more than once. Send each parameter once; join list values with commas.
             *
             *     `sort_not_implemented`: sort=best_deal is not implemented. Use one of the `sort` values listed for the route.
             *
             *     `invalid_idempotency_key`: Idempotency-Key must be 1-128 printable ASCII characters without spaces. Use 1-128 printable ASCII characters without spaces (a UUID works).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unsupported_or_invalid_query",
                     *         "message": "A parameter is unknown or outside its documented range."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `rate_limited`: More than 60 API calls in the last minute for this account. Wait `Retry-After` seconds, then retry; poll with `wait=20` to spend fewer calls.
             *
             *     `quota_exceeded`: The plan allowance for the rolling 30 days is used up and no extra requests are left. Wait for older searches to leave the rolling 30 days, or buy extra requests / a larger plan.
             *
             *     `too_many_pending`: The account has too many pending searches; retry when some finish. Wait for pending searches to settle (`Retry-After`), then resend.
             */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "More than 60 API calls in the last minute for this account."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description A replay (same Idempotency-Key) of a failed search: the body is the failed job.
             *
             *     `queue_full`: The collection queue for this marketplace is full; retry shortly. Retry after `Retry-After` with the same Idempotency-Key.
             *
             *     `upstream_daily_limit`: The marketplace's daily limit is reached; new searches are paused, cached results still work. Cached results still answer; retry new searches after `Retry-After`.
             *
             *     `collection_unavailable`: Collection from this marketplace is unavailable. Retry after `Retry-After` with the same Idempotency-Key.
             *
             *     `storage_unavailable`: Storage is briefly unavailable; retry shortly. Retry after `Retry-After` with the same Idempotency-Key; the body says whether the call was recorded.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MktAListingsJob"] | components["schemas"]["Error"];
                };
            };
        };
    };
    mkt_b_sold: {
        parameters: {
            query: {
                /** @description Search keywords, 1-200 characters. Runs of white space are folded and the ends trimmed in `result.query`. */
                q: string;
                /** @description Source page, 1-100. */
                page?: number;
                /** @description Lowest price, whole US dollars; must not exceed `max_price`. */
                min_price?: number;
                /** @description Highest price, whole US dollars. */
                max_price?: number;
                /** @description If sent, must be `mkt_b`. */
                marketplace?: "mkt_b";
                /** @description Only `us` is supported. */
                country?: "us";
                /** @description One of `nwt`, `uln`, `ug`, `uf`; only one at a time. */
                condition?: "nwt" | "uln" | "ug" | "uf";
                /** @description Previous page's `next_cursor`. Omit on page 1; required on every later page, with every other parameter unchanged. */
                cursor?: string;
            };
            header?: {
                /** @description Same key with the same search on a retry answers the same job and charges nothing more (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Complete job (cache hit, or an idempotent replay of a complete job). */
            200: {
                headers: {
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_pukAFLW9eOZLyc1exyfLEm",
                     *       "status": "complete",
                     *       "credits": 1,
                     *       "cached": true,
                     *       "result": {
                     *         "provider": "mkt_b",
                     *         "country": "us",
                     *         "query": "nike dunk",
                     *         "page": 1,
                     *         "page_size": 48,
                     *         "count": 1,
                     *         "reported_total": 5000,
                     *         "next_page": 2,
                     *         "next_cursor": "eyJ2IjoxLCJwIjoyfQ.c2lnbmF0dXJl",
                     *         "collected_at": "2026-11-21T23:49:43.091Z",
                     *         "schema_version": 1,
                     *         "completeness": "provider_page_only",
                     *         "field_notes": "One source page as the marketplace showed it; displayed prices are asks or headline amounts, not verified transaction prices.",
                     *         "data": [
                     *           {
                     *             "id": "64f1c2a9b3e7d40012ab34cd",
                     *             "title": "Nike Dunk Low Panda",
                     *             "link": "https://www.mkt-b.example/listing/Nike-Dunk-Low-Panda-64f1c2a9b3e7d40012ab34cd",
                     *             "displayed_price": {
                     *               "amount": 95,
                     *               "currency": "USD"
                     *             },
                     *             "displayed_price_text": "$95",
                     *             "displayed_shipping": null,
                     *             "shipping_text": null,
                     *             "sold_date": "2026-11-20",
                     *             "sold_date_text": "2026-11-20T14:12:09-08:00",
                     *             "condition": "ug",
                     *             "seller_text": "closetqueen",
                     *             "brand": "Nike",
                     *             "size": "10",
                     *             "image": "https://di2ponv0v5otw.mkt-b.example/posts/64f1.jpg",
                     *             "price": null,
                     *             "shipping": null,
                     *             "sold_at": null,
                     *             "took_offer": null,
                     *             "comp_kind": "item",
                     *             "comp_reasons": []
                     *           }
                     *         ],
                     *         "comp_version": "1.0.0",
                     *         "comps": {
                     *           "basis": "item",
                     *           "currency": "USD",
                     *           "price": {
                     *             "count": 1,
                     *             "median": 95,
                     *             "p25": 95,
                     *             "p75": 95,
                     *             "low": 95,
                     *             "high": 95,
                     *             "median_ci90": null
                     *           },
                     *           "price_with_shipping": {
                     *             "count": 0,
                     *             "median": null,
                     *             "p25": null,
                     *             "p75": null,
                     *             "low": null,
                     *             "high": null,
                     *             "median_ci90": null
                     *           },
                     *           "kinds": {
                     *             "item": 1,
                     *             "accessory": 0,
                     *             "lot": 0,
                     *             "parts": 0,
                     *             "other": 0
                     *           }
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["MktBSoldJob"];
                };
            };
            /** @description Pending job; poll `poll_url` with `wait=20`. */
            202: {
                headers: {
                    Location?: string;
                    "Retry-After"?: 2;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_GtYYBs1geKLY2MGhsFrcbU",
                     *       "status": "pending",
                     *       "credits": 0,
                     *       "cached": false,
                     *       "poll_url": "/v1/jobs/req_GtYYBs1geKLY2MGhsFrcbU"
                     *     }
                     */
                    "application/json": components["schemas"]["MktBSoldJob"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, malformed or revoked. Send `Authorization: Bearer <key>` with a current key; a rotated key stops working at once. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_api_key",
                     *         "message": "The API key is missing, malformed or revoked."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `account_suspended`: This account is suspended; contact support to restore it. Contact support; no key of the account works until it is restored.
             *
             *     `origin_not_allowed`: Requests from this browser origin are not allowed; call the API from a server. Call the API from a server, or ask an operator to allow your site origin.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "account_suspended",
                     *         "message": "This account is suspended; contact support to restore it."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `method_not_allowed`: Only GET is supported on this route. Use the method named in the `Allow` header (GET on searches and polls, POST to create a batch). */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "Only GET is supported on this route."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_conflict`: This Idempotency-Key was already used with different parameters. Use a new Idempotency-Key for a different search or body; reuse a key only for a retry of the same call. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "idempotency_conflict",
                     *         "message": "This Idempotency-Key was already used with different parameters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `uri_too_long`: The query string is longer than 2,048 characters. Shorten the query string to 2,048 characters or less. */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "uri_too_long",
                     *         "message": "The query string is longer than 2,048 characters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `unsupported_or_invalid_query`: A parameter is unknown or outside its documented range. Fix the parameter named in `error.param` (or the search at `error.index` of a batch); do not retry unchanged.
             *
             *     `duplicate_parameter`: A parameter was sent more than once. Send each parameter once; join list values with commas.
             *
             *     `sort_not_implemented`: sort=best_deal is not implemented. Use one of the `sort` values listed for the route.
             *
             *     `invalid_idempotency_key`: Idempotency-Key must be 1-128 printable ASCII characters without spaces. Use 1-128 printable ASCII characters without spaces (a UUID works).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unsupported_or_invalid_query",
                     *         "message": "A parameter is unknown or outside its documented range."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `rate_limited`: More than 60 API calls in the last minute for this account. Wait `Retry-After` seconds, then retry; poll with `wait=20` to spend fewer calls.
             *
             *     `quota_exceeded`: The plan allowance for the rolling 30 days is used up and no extra requests are left. Wait for older searches to leave the rolling 30 days, or buy extra requests / a larger plan.
             *
             *     `too_many_pending`: The account has too many pending searches; retry when some finish. Wait for pending searches to settle (`Retry-After`), then resend.
             */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "More than 60 API calls in the last minute for this account."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description A replay (same Idempotency-Key) of a failed search: the body is the failed job.
             *
             *     `queue_full`: The collection queue for this marketplace is full; retry shortly. Retry after `Retry-After` with the same Idempotency-Key.
             *
             *     `upstream_daily_limit`: The marketplace's daily limit is reached; new searches are paused, cached results still work. Cached results still answer; retry new searches after `Retry-After`.
             *
             *     `collection_unavailable`: Collection from this marketplace is unavailable. Retry after `Retry-After` with the same Idempotency-Key.
             *
             *     `storage_unavailable`: Storage is briefly unavailable; retry shortly. Retry after `Retry-After` with the same Idempotency-Key; the body says whether the call was recorded.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MktBSoldJob"] | components["schemas"]["Error"];
                };
            };
        };
    };
    mkt_b_listings: {
        parameters: {
            query: {
                /** @description Search keywords, 1-200 characters. Runs of white space are folded and the ends trimmed in `result.query`. */
                q: string;
                /** @description Source page, 1-100. */
                page?: number;
                /** @description Lowest price, whole US dollars; must not exceed `max_price`. */
                min_price?: number;
                /** @description Highest price, whole US dollars. */
                max_price?: number;
                /** @description If sent, must be `mkt_b`. */
                marketplace?: "mkt_b";
                /** @description Only `us` is supported. */
                country?: "us";
                /** @description One of `nwt`, `uln`, `ug`, `uf`; only one at a time. */
                condition?: "nwt" | "uln" | "ug" | "uf";
                /** @description Previous page's `next_cursor`. Omit on page 1; required on every later page, with every other parameter unchanged. */
                cursor?: string;
                /** @description `ending_soon` is unavailable here. */
                sort?: "best_match" | "newest" | "price_asc";
            };
            header?: {
                /** @description Same key with the same search on a retry answers the same job and charges nothing more (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Complete job (cache hit, or an idempotent replay of a complete job). */
            200: {
                headers: {
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_pukAFLW9eOZLyc1exyfLEm",
                     *       "status": "complete",
                     *       "credits": 1,
                     *       "cached": true,
                     *       "result": {
                     *         "provider": "mkt_b",
                     *         "country": "us",
                     *         "query": "nike dunk",
                     *         "page": 1,
                     *         "page_size": 48,
                     *         "count": 1,
                     *         "reported_total": null,
                     *         "next_page": 2,
                     *         "next_cursor": "eyJ2IjoxLCJwIjoyfQ.c2lnbmF0dXJl",
                     *         "collected_at": "2026-11-21T23:49:43.091Z",
                     *         "schema_version": 1,
                     *         "completeness": "provider_page_only",
                     *         "field_notes": "One source page as the marketplace showed it; displayed prices are asks or headline amounts, not verified transaction prices.",
                     *         "data": [
                     *           {
                     *             "id": "64f1c2a9b3e7d40012ab34ce",
                     *             "title": "Nike Dunk Low Grey Fog",
                     *             "link": "https://www.mkt-b.example/listing/Nike-Dunk-Low-Grey-Fog-64f1c2a9b3e7d40012ab34ce",
                     *             "promoted": null,
                     *             "format": "fixed_price",
                     *             "displayed_price": {
                     *               "amount": 80,
                     *               "currency": "USD"
                     *             },
                     *             "displayed_price_text": "$80",
                     *             "displayed_shipping": null,
                     *             "shipping_text": null,
                     *             "condition": "nwt",
                     *             "brand": "Nike",
                     *             "size": "9.5",
                     *             "listed_at": "2026-11-19T03:21:44Z",
                     *             "bid_count": null,
                     *             "ends_at": null,
                     *             "best_offer": null,
                     *             "seller_text": "sneakerloft",
                     *             "location_text": null,
                     *             "image": "https://di2ponv0v5otw.mkt-b.example/posts/64f2.jpg",
                     *             "comp_kind": "item",
                     *             "comp_reasons": []
                     *           }
                     *         ],
                     *         "comp_version": "1.0.0",
                     *         "comps": {
                     *           "basis": "item",
                     *           "currency": "USD",
                     *           "price": {
                     *             "count": 1,
                     *             "median": 80,
                     *             "p25": 80,
                     *             "p75": 80,
                     *             "low": 80,
                     *             "high": 80,
                     *             "median_ci90": null
                     *           },
                     *           "price_with_shipping": {
                     *             "count": 0,
                     *             "median": null,
                     *             "p25": null,
                     *             "p75": null,
                     *             "low": null,
                     *             "high": null,
                     *             "median_ci90": null
                     *           },
                     *           "kinds": {
                     *             "item": 1,
                     *             "accessory": 0,
                     *             "lot": 0,
                     *             "parts": 0,
                     *             "other": 0
                     *           }
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["MktBListingsJob"];
                };
            };
            /** @description Pending job; poll `poll_url` with `wait=20`. */
            202: {
                headers: {
                    Location?: string;
                    "Retry-After"?: 2;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_GtYYBs1geKLY2MGhsFrcbU",
                     *       "status": "pending",
                     *       "credits": 0,
                     *       "cached": false,
                     *       "poll_url": "/v1/jobs/req_GtYYBs1geKLY2MGhsFrcbU"
                     *     }
                     */
                    "application/json": components["schemas"]["MktBListingsJob"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, malformed or revoked. Send `Authorization: Bearer <key>` with a current key; a rotated key stops working at once. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_api_key",
                     *         "message": "The API key is missing, malformed or revoked."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `account_suspended`: This account is suspended; contact support to restore it. Contact support; no key of the account works until it is restored.
             *
             *     `origin_not_allowed`: Requests from this browser origin are not allowed; call the API from a server. Call the API from a server, or ask an operator to allow your site origin.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "account_suspended",
                     *         "message": "This account is suspended; contact support to restore it."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `method_not_allowed`: Only GET is supported on this route. Use the method named in the `Allow` header (GET on searches and polls, POST to create a batch). */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "Only GET is supported on this route."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_conflict`: This Idempotency-Key was already used with different parameters. Use a new Idempotency-Key for a different search or body; reuse a key only for a retry of the same call. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "idempotency_conflict",
                     *         "message": "This Idempotency-Key was already used with different parameters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `uri_too_long`: The query string is longer than 2,048 characters. Shorten the query string to 2,048 characters or less. */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "uri_too_long",
                     *         "message": "The query string is longer than 2,048 characters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `unsupported_or_invalid_query`: A parameter is unknown or outside its documented range. Fix the parameter named in `error.param` (or the search at `error.index` of a batch); do not retry unchanged.
             *
             *     `duplicate_parameter`: A parameter was sent more than once. Send each parameter once; join list values with commas.
             *
             *     `sort_not_implemented`: sort=best_deal is not implemented. Use one of the `sort` values listed for the route.
             *
             *     `invalid_idempotency_key`: Idempotency-Key must be 1-128 printable ASCII characters without spaces. Use 1-128 printable ASCII characters without spaces (a UUID works).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unsupported_or_invalid_query",
                     *         "message": "A parameter is unknown or outside its documented range."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `rate_limited`: More than 60 API calls in the last minute for this account. Wait `Retry-After` seconds, then retry; poll with `wait=20` to spend fewer calls.
             *
             *     `quota_exceeded`: The plan allowance for the rolling 30 days is used up and no extra requests are left. Wait for older searches to leave the rolling 30 days, or buy extra requests / a larger plan.
             *
             *     `too_many_pending`: The account has too many pending searches; retry when some finish. Wait for pending searches to settle (`Retry-After`), then resend.
             */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "More than 60 API calls in the last minute for this account."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description A replay (same Idempotency-Key) of a failed search: the body is the failed job.
             *
             *     `queue_full`: The collection queue for this marketplace is full; retry shortly. Retry after `Retry-After` with the same Idempotency-Key.
             *
             *     `upstream_daily_limit`: The marketplace's daily limit is reached; new searches are paused, cached results still work. Cached results still answer; retry new searches after `Retry-After`.
             *
             *     `collection_unavailable`: Collection from this marketplace is unavailable. Retry after `Retry-After` with the same Idempotency-Key.
             *
             *     `storage_unavailable`: Storage is briefly unavailable; retry shortly. Retry after `Retry-After` with the same Idempotency-Key; the body says whether the call was recorded.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MktBListingsJob"] | components["schemas"]["Error"];
                };
            };
        };
    };
    mkt_c_sold: {
        parameters: {
            query: {
                /** @description Search keywords, 1-200 characters. Runs of white space are folded and the ends trimmed in `result.query`. */
                q: string;
                /** @description Source page, 1-100. */
                page?: number;
                /** @description Lowest price, whole US dollars; must not exceed `max_price`. */
                min_price?: number;
                /** @description Highest price, whole US dollars. */
                max_price?: number;
                /** @description If sent, must be `mkt_c`. */
                marketplace?: "mkt_c";
                /** @description Only `us` is supported. */
                country?: "us";
                /** @description Rows return the label and `condition_id`. */
                condition?: "new" | "like_new" | "good" | "fair" | "poor";
                /** @description Previous page's `next_cursor`. Omit on page 1; required on every later page, with every other parameter unchanged. */
                cursor?: string;
                /** @description Most rows per page; fewer may come back. */
                count?: number;
                /** @description `newest` orders by listing creation; `recently_sold` by sold time. */
                sort?: "best_match" | "newest" | "price_asc" | "price_desc" | "most_popular" | "recently_sold";
                /** @description Numeric category ID. */
                category_id?: number;
                /** @description Numeric brand ID. */
                brand_id?: number;
            };
            header?: {
                /** @description Same key with the same search on a retry answers the same job and charges nothing more (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Complete job (cache hit, or an idempotent replay of a complete job). */
            200: {
                headers: {
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_pukAFLW9eOZLyc1exyfLEm",
                     *       "status": "complete",
                     *       "credits": 1,
                     *       "cached": true,
                     *       "result": {
                     *         "provider": "mkt_c",
                     *         "country": "us",
                     *         "query": "iphone 13",
                     *         "page": 1,
                     *         "page_size": 100,
                     *         "count": 1,
                     *         "reported_total": 1200,
                     *         "next_page": 2,
                     *         "next_cursor": "eyJ2IjoxLCJwIjoyfQ.c2lnbmF0dXJl",
                     *         "collected_at": "2026-11-21T23:49:43.091Z",
                     *         "schema_version": 1,
                     *         "completeness": "provider_page_only",
                     *         "field_notes": "One source page as the marketplace showed it; displayed prices are asks or headline amounts, not verified transaction prices.",
                     *         "data": [
                     *           {
                     *             "id": "m87013616167",
                     *             "title": "iPhone 13 mini 128GB",
                     *             "link": "https://www.mkt-c.example/us/item/m87013616167/",
                     *             "displayed_price": {
                     *               "amount": 240,
                     *               "currency": "USD"
                     *             },
                     *             "displayed_price_text": "$240.00",
                     *             "displayed_shipping": null,
                     *             "shipping_text": null,
                     *             "sold_date": "2026-11-19",
                     *             "sold_date_text": "2026-11-19T22:41:03Z",
                     *             "condition": "Good",
                     *             "seller_text": "418823311",
                     *             "brand": null,
                     *             "size": null,
                     *             "image": "https://static.mkt-c.example/thumb/photos/m87013616167_1.jpg",
                     *             "price": null,
                     *             "shipping": null,
                     *             "sold_at": null,
                     *             "took_offer": null,
                     *             "status": "sold",
                     *             "seller_id": "418823311",
                     *             "condition_id": 3,
                     *             "category_id": 7,
                     *             "brand_id": 1462,
                     *             "comp_kind": "item",
                     *             "comp_reasons": []
                     *           }
                     *         ],
                     *         "comp_version": "1.0.0",
                     *         "comps": {
                     *           "basis": "item",
                     *           "currency": "USD",
                     *           "price": {
                     *             "count": 1,
                     *             "median": 240,
                     *             "p25": 240,
                     *             "p75": 240,
                     *             "low": 240,
                     *             "high": 240,
                     *             "median_ci90": null
                     *           },
                     *           "price_with_shipping": {
                     *             "count": 0,
                     *             "median": null,
                     *             "p25": null,
                     *             "p75": null,
                     *             "low": null,
                     *             "high": null,
                     *             "median_ci90": null
                     *           },
                     *           "kinds": {
                     *             "item": 1,
                     *             "accessory": 0,
                     *             "lot": 0,
                     *             "parts": 0,
                     *             "other": 0
                     *           }
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["MktCSoldJob"];
                };
            };
            /** @description Pending job; poll `poll_url` with `wait=20`. */
            202: {
                headers: {
                    Location?: string;
                    "Retry-After"?: 2;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_GtYYBs1geKLY2MGhsFrcbU",
                     *       "status": "pending",
                     *       "credits": 0,
                     *       "cached": false,
                     *       "poll_url": "/v1/jobs/req_GtYYBs1geKLY2MGhsFrcbU"
                     *     }
                     */
                    "application/json": components["schemas"]["MktCSoldJob"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, malformed or revoked. Send `Authorization: Bearer <key>` with a current key; a rotated key stops working at once. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_api_key",
                     *         "message": "The API key is missing, malformed or revoked."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `account_suspended`: This account is suspended; contact support to restore it. Contact support; no key of the account works until it is restored.
             *
             *     `origin_not_allowed`: Requests from this browser origin are not allowed; call the API from a server. Call the API from a server, or ask an operator to allow your site origin.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "account_suspended",
                     *         "message": "This account is suspended; contact support to restore it."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `method_not_allowed`: Only GET is supported on this route. Use the method named in the `Allow` header (GET on searches and polls, POST to create a batch). */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "Only GET is supported on this route."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_conflict`: This Idempotency-Key was already used with different parameters. Use a new Idempotency-Key for a different search or body; reuse a key only for a retry of the same call. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "idempotency_conflict",
                     *         "message": "This Idempotency-Key was already used with different parameters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `uri_too_long`: The query string is longer than 2,048 characters. Shorten the query string to 2,048 characters or less. */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "uri_too_long",
                     *         "message": "The query string is longer than 2,048 characters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `unsupported_or_invalid_query`: A parameter is unknown or outside its documented range. Fix the parameter named in `error.param` (or the search at `error.index` of a batch); do not retry unchanged.
             *
             *     `duplicate_parameter`: A parameter was sent more than once. Send each parameter once; join list values with commas.
             *
             *     `sort_not_implemented`: sort=best_deal is not implemented. Use one of the `sort` values listed for the route.
             *
             *     `invalid_idempotency_key`: Idempotency-Key must be 1-128 printable ASCII characters without spaces. Use 1-128 printable ASCII characters without spaces (a UUID works).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unsupported_or_invalid_query",
                     *         "message": "A parameter is unknown or outside its documented range."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `rate_limited`: More than 60 API calls in the last minute for this account. Wait `Retry-After` seconds, then retry; poll with `wait=20` to spend fewer calls.
             *
             *     `quota_exceeded`: The plan allowance for the rolling 30 days is used up and no extra requests are left. Wait for older searches to leave the rolling 30 days, or buy extra requests / a larger plan.
             *
             *     `too_many_pending`: The account has too many pending searches; retry when some finish. Wait for pending searches to settle (`Retry-After`), then resend.
             */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "More than 60 API calls in the last minute for this account."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description A replay (same Idempotency-Key) of a failed search: the body is the failed job.
             *
             *     `queue_full`: The collection queue for this marketplace is full; retry shortly. Retry after `Retry-After` with the same Idempotency-Key.
             *
             *     `upstream_daily_limit`: The marketplace's daily limit is reached; new searches are paused, cached results still work. Cached results still answer; retry new searches after `Retry-After`.
             *
             *     `collection_unavailable`: Collection from this marketplace is unavailable. Retry after `Retry-After` with the same Idempotency-Key.
             *
             *     `storage_unavailable`: Storage is briefly unavailable; retry shortly. Retry after `Retry-After` with the same Idempotency-Key; the body says whether the call was recorded.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MktCSoldJob"] | components["schemas"]["Error"];
                };
            };
        };
    };
    mkt_d_listings: {
        parameters: {
            query: {
                /** @description Search keywords, 1-200 characters. Runs of white space are folded and the ends trimmed in `result.query`. */
                q: string;
                /** @description Source page, 1-100. */
                page?: number;
                /** @description Lowest price, whole US dollars; must not exceed `max_price`. */
                min_price?: number;
                /** @description Highest price, whole US dollars. */
                max_price?: number;
                /** @description If sent, must be `mkt_d`. */
                marketplace?: "mkt_d";
                /** @description Only `us` is supported. */
                country?: "us";
                /** @description Rows return the same codes. */
                condition?: "brand_new" | "used_like_new" | "used_excellent" | "used_good" | "used_fair";
                /** @description Most rows per page; fewer may come back. */
                count?: number;
                /** @description Previous page's `next_cursor`. Omit on page 1; required on every later page, with every other parameter unchanged. */
                cursor?: string;
            };
            header?: {
                /** @description Same key with the same search on a retry answers the same job and charges nothing more (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Complete job (cache hit, or an idempotent replay of a complete job). */
            200: {
                headers: {
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_pukAFLW9eOZLyc1exyfLEm",
                     *       "status": "complete",
                     *       "credits": 1,
                     *       "cached": true,
                     *       "result": {
                     *         "provider": "mkt_d",
                     *         "country": "us",
                     *         "query": "levis 501",
                     *         "page": 1,
                     *         "page_size": 24,
                     *         "count": 1,
                     *         "reported_total": 311,
                     *         "next_page": 2,
                     *         "next_cursor": "eyJ2IjoxLCJwIjoyfQ.c2lnbmF0dXJl",
                     *         "collected_at": "2026-11-21T23:49:43.091Z",
                     *         "schema_version": 1,
                     *         "completeness": "provider_page_only",
                     *         "field_notes": "One source page as the marketplace showed it; displayed prices are asks or headline amounts, not verified transaction prices.",
                     *         "data": [
                     *           {
                     *             "id": "451112233",
                     *             "title": "Vintage Levi's 501 jeans, straight leg, W32 L30",
                     *             "link": "https://www.mkt-d.example/products/vintage-levis-501-jeans/",
                     *             "displayed_price": {
                     *               "amount": 48.3,
                     *               "currency": "USD"
                     *             },
                     *             "displayed_price_text": "$48.30",
                     *             "price_includes": [
                     *               "buyer_fee"
                     *             ],
                     *             "displayed_shipping": null,
                     *             "shipping_text": null,
                     *             "condition": "used_excellent",
                     *             "seller_text": null,
                     *             "brand": "Levi's",
                     *             "size": "W32",
                     *             "image": "https://media-photos.mkt-d.example/pictures/451112233.jpg",
                     *             "status": "active",
                     *             "promoted": false,
                     *             "format": "fixed_price",
                     *             "listed_at": null,
                     *             "bid_count": null,
                     *             "ends_at": null,
                     *             "best_offer": null,
                     *             "location_text": "Austin, United States",
                     *             "comp_kind": "item",
                     *             "comp_reasons": []
                     *           }
                     *         ],
                     *         "comp_version": "1.0.0",
                     *         "comps": {
                     *           "basis": "item",
                     *           "currency": "USD",
                     *           "price": {
                     *             "count": 1,
                     *             "median": 48.3,
                     *             "p25": 48.3,
                     *             "p75": 48.3,
                     *             "low": 48.3,
                     *             "high": 48.3,
                     *             "median_ci90": null
                     *           },
                     *           "price_with_shipping": {
                     *             "count": 0,
                     *             "median": null,
                     *             "p25": null,
                     *             "p75": null,
                     *             "low": null,
                     *             "high": null,
                     *             "median_ci90": null
                     *           },
                     *           "kinds": {
                     *             "item": 1,
                     *             "accessory": 0,
                     *             "lot": 0,
                     *             "parts": 0,
                     *             "other": 0
                     *           }
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["MktDListingsJob"];
                };
            };
            /** @description Pending job; poll `poll_url` with `wait=20`. */
            202: {
                headers: {
                    Location?: string;
                    "Retry-After"?: 2;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_GtYYBs1geKLY2MGhsFrcbU",
                     *       "status": "pending",
                     *       "credits": 0,
                     *       "cached": false,
                     *       "poll_url": "/v1/jobs/req_GtYYBs1geKLY2MGhsFrcbU"
                     *     }
                     */
                    "application/json": components["schemas"]["MktDListingsJob"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, malformed or revoked. Send `Authorization: Bearer <key>` with a current key; a rotated key stops working at once. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_api_key",
                     *         "message": "The API key is missing, malformed or revoked."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `account_suspended`: This account is suspended; contact support to restore it. Contact support; no key of the account works until it is restored.
             *
             *     `origin_not_allowed`: Requests from this browser origin are not allowed; call the API from a server. Call the API from a server, or ask an operator to allow your site origin.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "account_suspended",
                     *         "message": "This account is suspended; contact support to restore it."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `method_not_allowed`: Only GET is supported on this route. Use the method named in the `Allow` header (GET on searches and polls, POST to create a batch). */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "Only GET is supported on this route."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_conflict`: This Idempotency-Key was already used with different parameters. Use a new Idempotency-Key for a different search or body; reuse a key only for a retry of the same call. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "idempotency_conflict",
                     *         "message": "This Idempotency-Key was already used with different parameters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `uri_too_long`: The query string is longer than 2,048 characters. Shorten the query string to 2,048 characters or less. */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "uri_too_long",
                     *         "message": "The query string is longer than 2,048 characters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `unsupported_or_invalid_query`: A parameter is unknown or outside its documented range. Fix the parameter named in `error.param` (or the search at `error.index` of a batch); do not retry unchanged.
             *
             *     `duplicate_parameter`: A parameter was sent more than once. Send each parameter once; join list values with commas.
             *
             *     `sort_not_implemented`: sort=best_deal is not implemented. Use one of the `sort` values listed for the route.
             *
             *     `invalid_idempotency_key`: Idempotency-Key must be 1-128 printable ASCII characters without spaces. Use 1-128 printable ASCII characters without spaces (a UUID works).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unsupported_or_invalid_query",
                     *         "message": "A parameter is unknown or outside its documented range."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `rate_limited`: More than 60 API calls in the last minute for this account. Wait `Retry-After` seconds, then retry; poll with `wait=20` to spend fewer calls.
             *
             *     `quota_exceeded`: The plan allowance for the rolling 30 days is used up and no extra requests are left. Wait for older searches to leave the rolling 30 days, or buy extra requests / a larger plan.
             *
             *     `too_many_pending`: The account has too many pending searches; retry when some finish. Wait for pending searches to settle (`Retry-After`), then resend.
             */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "More than 60 API calls in the last minute for this account."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description A replay (same Idempotency-Key) of a failed search: the body is the failed job.
             *
             *     `queue_full`: The collection queue for this marketplace is full; retry shortly. Retry after `Retry-After` with the same Idempotency-Key.
             *
             *     `upstream_daily_limit`: The marketplace's daily limit is reached; new searches are paused, cached results still work. Cached results still answer; retry new searches after `Retry-After`.
             *
             *     `collection_unavailable`: Collection from this marketplace is unavailable. Retry after `Retry-After` with the same Idempotency-Key.
             *
             *     `storage_unavailable`: Storage is briefly unavailable; retry shortly. Retry after `Retry-After` with the same Idempotency-Key; the body says whether the call was recorded.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MktDListingsJob"] | components["schemas"]["Error"];
                };
            };
        };
    };
    mkt_e_listings: {
        parameters: {
            query: {
                /** @description Search keywords, 1-200 characters. Runs of white space are folded and the ends trimmed in `result.query`. */
                q: string;
                /** @description Source page, 1-100. */
                page?: number;
                /** @description Lowest price, whole US dollars; must not exceed `max_price`. */
                min_price?: number;
                /** @description Highest price, whole US dollars. */
                max_price?: number;
                /** @description If sent, must be `mkt_e`. */
                marketplace?: "mkt_e";
                /** @description Only `us` is supported. */
                country?: "us";
                /** @description Five-digit US ZIP; send `zip`, or both `lat` and `lon`. The search centres on the Census point of the ZIP. */
                zip?: string;
                /** @description Latitude, decimal degrees, rounded to 4 decimals; with `lon`. */
                lat?: number;
                /** @description Longitude, decimal degrees, rounded to 4 decimals; with `lat`. */
                lon?: number;
                /** @description Miles. Ordinary searches offer 5, 10, 20, 30, 50 (default 30); vehicle searches 25, 80, 100, 200, 5000 (default 80). A value not offered becomes the widest offered value below it, else the smallest offered. Default: 30, or 80 on a vehicle search. */
                radius?: 5 | 10 | 20 | 25 | 30 | 50 | 80 | 100 | 200 | 5000;
                /** @description Category ID such as `5`, `5.1`, `1.2`. */
                category?: string;
                /**
                 * @description Comma-separated list. Send comma-separated, each value once.
                 * @example [
                 *       "new",
                 *       "open_box"
                 *     ]
                 */
                condition?: ("new" | "open_box" | "refurbished" | "used" | "for_parts" | "other")[];
                /** @description `newest_model` and `lowest_mileage` only on vehicle searches. */
                sort?: "best_match" | "newest" | "nearest" | "price_asc" | "price_desc" | "newest_model" | "lowest_mileage";
                /**
                 * @description Comma-separated manufacturer identifiers (lowercase, spaces as underscores). Vehicle searches only. Send comma-separated, each value once.
                 * @example [
                 *       "honda",
                 *       "toyota"
                 *     ]
                 */
                vehicle_make?: ("abarth" | "acura" | "alfa_romeo" | "am_general" | "aston_martin" | "audi" | "bentley" | "bmw" | "bugatti" | "buick" | "cadillac" | "chevrolet" | "chrysler" | "daewoo" | "daihatsu" | "datsun" | "dodge" | "eagle" | "ferrari" | "fiat" | "fisker" | "ford" | "genesis" | "gmc" | "honda" | "hummer" | "hyundai" | "infiniti" | "isuzu" | "jaguar" | "jeep" | "kia" | "lamborghini" | "land_rover" | "lexus" | "lincoln" | "lotus" | "maserati" | "mazda" | "mclaren" | "mercedes_benz" | "mercury" | "mini" | "mitsubishi" | "nissan" | "oldsmobile" | "plymouth" | "pontiac" | "porsche" | "ram" | "rolls_royce" | "saab" | "saturn" | "scion" | "smart" | "subaru" | "suzuki" | "tesla" | "toyota" | "volkswagen" | "volvo")[];
                /** @description Vehicle searches only. */
                vehicle_max_mileage?: 0 | 25000 | 50000 | 75000 | 100000 | 125000 | 150000 | 175000 | 200000;
                /**
                 * @description Vehicle searches only. Send comma-separated, each value once.
                 * @example [
                 *       "car",
                 *       "suv"
                 *     ]
                 */
                vehicle_style?: ("car" | "suv" | "truck" | "van")[];
                /** @description Vehicle searches only. */
                vehicle_transmission?: "automatic" | "manual";
                /**
                 * @description Vehicle searches only. Send comma-separated, each value once.
                 * @example [
                 *       "awd",
                 *       "fwd"
                 *     ]
                 */
                vehicle_drivetrain?: ("awd" | "fwd" | "rwd")[];
                /** @description Previous page's `next_cursor`. Omit on page 1; required on every later page, with every other parameter unchanged. */
                cursor?: string;
            };
            header?: {
                /** @description Same key with the same search on a retry answers the same job and charges nothing more (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Complete job (cache hit, or an idempotent replay of a complete job). */
            200: {
                headers: {
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_pukAFLW9eOZLyc1exyfLEm",
                     *       "status": "complete",
                     *       "credits": 1,
                     *       "cached": true,
                     *       "result": {
                     *         "provider": "mkt_e",
                     *         "country": "us",
                     *         "query": "honda civic",
                     *         "page": 1,
                     *         "page_size": 50,
                     *         "count": 1,
                     *         "reported_total": null,
                     *         "next_page": 2,
                     *         "next_cursor": "eyJ2IjoxLCJwIjoyfQ.c2lnbmF0dXJl",
                     *         "collected_at": "2026-11-21T23:49:43.091Z",
                     *         "schema_version": 2,
                     *         "completeness": "provider_page_only",
                     *         "field_notes": "One source page as the marketplace showed it; displayed prices are asks or headline amounts, not verified transaction prices.",
                     *         "data": [
                     *           {
                     *             "id": "1723456789012",
                     *             "title": "2016 Honda Civic LX",
                     *             "link": "https://www.mkt-e.example/item/1723456789012",
                     *             "displayed_price": {
                     *               "amount": 11500,
                     *               "currency": "USD"
                     *             },
                     *             "displayed_price_text": "$11,500",
                     *             "call_for_price": false,
                     *             "firm_price": false,
                     *             "condition": null,
                     *             "location_text": "Oakland, CA",
                     *             "city": "Oakland",
                     *             "state": "CA",
                     *             "image": "https://images.mkt-e.example/thumb/1723456789012.jpg",
                     *             "vehicle_miles": 88000,
                     *             "promoted": false,
                     *             "flags": [
                     *               "LOCAL_PICKUP"
                     *             ],
                     *             "comp_kind": "item",
                     *             "comp_reasons": []
                     *           }
                     *         ],
                     *         "location": {
                     *           "zip": "94103",
                     *           "latitude": 37.7725,
                     *           "longitude": -122.4091,
                     *           "radius_miles": 80,
                     *           "requested_radius_miles": null,
                     *           "widened_radius_miles": null
                     *         },
                     *         "category_id": "5.1",
                     *         "vehicle_search": true,
                     *         "comp_version": "1.0.0",
                     *         "comps": {
                     *           "basis": "item",
                     *           "currency": "USD",
                     *           "price": {
                     *             "count": 1,
                     *             "median": 11500,
                     *             "p25": 11500,
                     *             "p75": 11500,
                     *             "low": 11500,
                     *             "high": 11500,
                     *             "median_ci90": null
                     *           },
                     *           "price_with_shipping": {
                     *             "count": 0,
                     *             "median": null,
                     *             "p25": null,
                     *             "p75": null,
                     *             "low": null,
                     *             "high": null,
                     *             "median_ci90": null
                     *           },
                     *           "kinds": {
                     *             "item": 1,
                     *             "accessory": 0,
                     *             "lot": 0,
                     *             "parts": 0,
                     *             "other": 0
                     *           }
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["MktEListingsJob"];
                };
            };
            /** @description Pending job; poll `poll_url` with `wait=20`. */
            202: {
                headers: {
                    Location?: string;
                    "Retry-After"?: 2;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_GtYYBs1geKLY2MGhsFrcbU",
                     *       "status": "pending",
                     *       "credits": 0,
                     *       "cached": false,
                     *       "poll_url": "/v1/jobs/req_GtYYBs1geKLY2MGhsFrcbU"
                     *     }
                     */
                    "application/json": components["schemas"]["MktEListingsJob"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, malformed or revoked. Send `Authorization: Bearer <key>` with a current key; a rotated key stops working at once. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_api_key",
                     *         "message": "The API key is missing, malformed or revoked."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `account_suspended`: This account is suspended; contact support to restore it. Contact support; no key of the account works until it is restored.
             *
             *     `origin_not_allowed`: Requests from this browser origin are not allowed; call the API from a server. Call the API from a server, or ask an operator to allow your site origin.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "account_suspended",
                     *         "message": "This account is suspended; contact support to restore it."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `method_not_allowed`: Only GET is supported on this route. Use the method named in the `Allow` header (GET on searches and polls, POST to create a batch). */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "Only GET is supported on this route."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_conflict`: This Idempotency-Key was already used with different parameters. Use a new Idempotency-Key for a different search or body; reuse a key only for a retry of the same call. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "idempotency_conflict",
                     *         "message": "This Idempotency-Key was already used with different parameters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `uri_too_long`: The query string is longer than 2,048 characters. Shorten the query string to 2,048 characters or less. */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "uri_too_long",
                     *         "message": "The query string is longer than 2,048 characters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `unsupported_or_invalid_query`: A parameter is unknown or outside its documented range. Fix the parameter named in `error.param` (or the search at `error.index` of a batch); do not retry unchanged.
             *
             *     `duplicate_parameter`: A parameter was sent more than once. Send each parameter once; join list values with commas.
             *
             *     `sort_not_implemented`: sort=best_deal is not implemented. Use one of the `sort` values listed for the route.
             *
             *     `invalid_idempotency_key`: Idempotency-Key must be 1-128 printable ASCII characters without spaces. Use 1-128 printable ASCII characters without spaces (a UUID works).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unsupported_or_invalid_query",
                     *         "message": "A parameter is unknown or outside its documented range."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `rate_limited`: More than 60 API calls in the last minute for this account. Wait `Retry-After` seconds, then retry; poll with `wait=20` to spend fewer calls.
             *
             *     `quota_exceeded`: The plan allowance for the rolling 30 days is used up and no extra requests are left. Wait for older searches to leave the rolling 30 days, or buy extra requests / a larger plan.
             *
             *     `too_many_pending`: The account has too many pending searches; retry when some finish. Wait for pending searches to settle (`Retry-After`), then resend.
             */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "More than 60 API calls in the last minute for this account."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description A replay (same Idempotency-Key) of a failed search: the body is the failed job.
             *
             *     `queue_full`: The collection queue for this marketplace is full; retry shortly. Retry after `Retry-After` with the same Idempotency-Key.
             *
             *     `upstream_daily_limit`: The marketplace's daily limit is reached; new searches are paused, cached results still work. Cached results still answer; retry new searches after `Retry-After`.
             *
             *     `collection_unavailable`: Collection from this marketplace is unavailable. Retry after `Retry-After` with the same Idempotency-Key.
             *
             *     `storage_unavailable`: Storage is briefly unavailable; retry shortly. Retry after `Retry-After` with the same Idempotency-Key; the body says whether the call was recorded.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MktEListingsJob"] | components["schemas"]["Error"];
                };
            };
        };
    };
    get_job: {
        parameters: {
            query?: {
                /** @description Hold the call up to this many seconds; answers as soon as the job settles. 20 is recommended. */
                wait?: number;
                /** @description CSV of the job's rows (409 result_not_ready while pending). */
                format?: "csv";
            };
            header?: never;
            path: {
                /** @description The ID from a search or a batch item. */
                request_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job envelope (any status, failed included), or CSV with format=csv. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_GtYYBs1geKLY2MGhsFrcbU",
                     *       "status": "failed",
                     *       "credits": 0,
                     *       "cached": false,
                     *       "error": {
                     *         "code": "filter_not_supported",
                     *         "message": "The marketplace did not apply a filter that was sent; unfiltered rows are never returned as filtered."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Job"];
                    "text/csv": string;
                };
            };
            /** @description `invalid_api_key`: The API key is missing, malformed or revoked. Send `Authorization: Bearer <key>` with a current key; a rotated key stops working at once. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_api_key",
                     *         "message": "The API key is missing, malformed or revoked."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `account_suspended`: This account is suspended; contact support to restore it. Contact support; no key of the account works until it is restored.
             *
             *     `origin_not_allowed`: Requests from this browser origin are not allowed; call the API from a server. Call the API from a server, or ask an operator to allow your site origin.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "account_suspended",
                     *         "message": "This account is suspended; contact support to restore it."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_not_found`: No job with this ID belongs to this account. Poll with the same key that created the job or batch, within 24 hours of it settling. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "request_not_found",
                     *         "message": "No job with this ID belongs to this account."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `method_not_allowed`: Only GET is supported on this route. Use the method named in the `Allow` header (GET on searches and polls, POST to create a batch). */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "Only GET is supported on this route."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `result_not_ready`: The CSV is available once nothing is pending. Poll with `wait=20` until nothing is pending, then ask for the CSV. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "result_not_ready",
                     *         "message": "The CSV is available once nothing is pending."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `uri_too_long`: The query string is longer than 2,048 characters. Shorten the query string to 2,048 characters or less. */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "uri_too_long",
                     *         "message": "The query string is longer than 2,048 characters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `unsupported_or_invalid_query`: A parameter is unknown or outside its documented range. Fix the parameter named in `error.param` (or the search at `error.index` of a batch); do not retry unchanged.
             *
             *     `duplicate_parameter`: A parameter was sent more than once. Send each parameter once; join list values with commas.
             *
             *     `invalid_wait`: wait must be a whole number from 0 to 20. Send `wait` as a whole number from 0 to 20.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unsupported_or_invalid_query",
                     *         "message": "A parameter is unknown or outside its documented range."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: More than 60 API calls in the last minute for this account. Wait `Retry-After` seconds, then retry; poll with `wait=20` to spend fewer calls. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "More than 60 API calls in the last minute for this account."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `storage_unavailable`: Storage is briefly unavailable; retry shortly. Retry after `Retry-After` with the same Idempotency-Key; the body says whether the call was recorded. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "storage_unavailable",
                     *         "message": "Storage is briefly unavailable; retry shortly."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    create_batch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same key and same body answer the same batch; a resend runs only items that were never submitted. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "defaults": {
                 *         "q": "iphone 13"
                 *       },
                 *       "searches": [
                 *         {
                 *           "endpoint": "mkt_a/sold",
                 *           "condition": "used",
                 *           "pages": 2
                 *         },
                 *         {
                 *           "endpoint": "mkt_c/sold"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["BatchRequest"];
            };
        };
        responses: {
            /** @description Every search was answered from the cache. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Batch"];
                };
            };
            /** @description Searches are running; poll the batch (`Location`). */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "batch_id": "bat_2xVb8qLm4NcT0rYz6HwPjA",
                     *       "status": "pending",
                     *       "created_at": "2026-11-24T04:02:31.880+00:00",
                     *       "counts": {
                     *         "pending": 2,
                     *         "complete": 1,
                     *         "failed": 0,
                     *         "rejected": 0
                     *       },
                     *       "credits": 1,
                     *       "items": [
                     *         {
                     *           "index": 0,
                     *           "endpoint": "mkt_a/sold",
                     *           "q": "iphone 13",
                     *           "request_id": "req_pukAFLW9eOZLyc1exyfLEm",
                     *           "status": "complete",
                     *           "cached": true,
                     *           "credits": 1,
                     *           "rows": 40,
                     *           "summary": {
                     *             "priced_count": 38,
                     *             "currency": "USD",
                     *             "median": 289.99,
                     *             "low": 180,
                     *             "high": 420,
                     *             "earliest_sold_date": "2026-10-02",
                     *             "latest_sold_date": "2026-11-18",
                     *             "best_offer_accepted_count": 4
                     *           },
                     *           "comps": {
                     *             "basis": "item",
                     *             "currency": "USD",
                     *             "price": {
                     *               "count": 27,
                     *               "median": 299.99,
                     *               "p25": 265,
                     *               "p75": 329.5,
                     *               "low": 199,
                     *               "high": 420,
                     *               "median_ci90": {
                     *                 "low": 279,
                     *                 "high": 315,
                     *                 "level": 0.9,
                     *                 "coverage": 0.9478
                     *               }
                     *             },
                     *             "price_with_shipping": {
                     *               "count": 20,
                     *               "median": 305.49,
                     *               "p25": 272.5,
                     *               "p75": 334,
                     *               "low": 205.99,
                     *               "high": 420,
                     *               "median_ci90": {
                     *                 "low": 284.99,
                     *                 "high": 321,
                     *                 "level": 0.9,
                     *                 "coverage": 0.9586
                     *               }
                     *             },
                     *             "kinds": {
                     *               "item": 28,
                     *               "accessory": 7,
                     *               "lot": 1,
                     *               "parts": 2,
                     *               "other": 2
                     *             }
                     *           }
                     *         },
                     *         {
                     *           "index": 1,
                     *           "endpoint": "mkt_a/sold",
                     *           "q": "iphone 13",
                     *           "request_id": "req_GtYYBs1geKLY2MGhsFrcbU",
                     *           "status": "pending",
                     *           "cached": false,
                     *           "credits": 0
                     *         },
                     *         {
                     *           "index": 2,
                     *           "endpoint": "mkt_c/sold",
                     *           "q": "iphone 13",
                     *           "request_id": "req_9aQmZ2xW1vB7nK3pLr5tYc",
                     *           "status": "pending",
                     *           "cached": false,
                     *           "credits": 0
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Batch"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, malformed or revoked. Send `Authorization: Bearer <key>` with a current key; a rotated key stops working at once. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_api_key",
                     *         "message": "The API key is missing, malformed or revoked."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `account_suspended`: This account is suspended; contact support to restore it. Contact support; no key of the account works until it is restored.
             *
             *     `origin_not_allowed`: Requests from this browser origin are not allowed; call the API from a server. Call the API from a server, or ask an operator to allow your site origin.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "account_suspended",
                     *         "message": "This account is suspended; contact support to restore it."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `method_not_allowed`: Only GET is supported on this route. Use the method named in the `Allow` header (GET on searches and polls, POST to create a batch). */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "Only GET is supported on this route."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_conflict`: This Idempotency-Key was already used with different parameters. Use a new Idempotency-Key for a different search or body; reuse a key only for a retry of the same call. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "idempotency_conflict",
                     *         "message": "This Idempotency-Key was already used with different parameters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `uri_too_long`: The query string is longer than 2,048 characters. Shorten the query string to 2,048 characters or less. */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "uri_too_long",
                     *         "message": "The query string is longer than 2,048 characters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `unsupported_or_invalid_query`: A parameter is unknown or outside its documented range. Fix the parameter named in `error.param` (or the search at `error.index` of a batch); do not retry unchanged.
             *
             *     `duplicate_parameter`: A parameter was sent more than once. Send each parameter once; join list values with commas.
             *
             *     `sort_not_implemented`: sort=best_deal is not implemented. Use one of the `sort` values listed for the route.
             *
             *     `invalid_idempotency_key`: Idempotency-Key must be 1-128 printable ASCII characters without spaces. Use 1-128 printable ASCII characters without spaces (a UUID works).
             *
             *     `batch_too_large`: The batch has more searches than the plan's pending cap. Split the batch so it has no more searches than the plan's pending cap.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unsupported_or_invalid_query",
                     *         "message": "A parameter is unknown or outside its documented range."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: More than 60 API calls in the last minute for this account. Wait `Retry-After` seconds, then retry; poll with `wait=20` to spend fewer calls. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "More than 60 API calls in the last minute for this account."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `storage_unavailable`: Storage is briefly unavailable; retry shortly. Retry after `Retry-After` with the same Idempotency-Key; the body says whether the call was recorded. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "storage_unavailable",
                     *         "message": "Storage is briefly unavailable; retry shortly."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_batch: {
        parameters: {
            query?: {
                /** @description Hold the call until every search settled, up to this many seconds. */
                wait?: number;
                /** @description Add each complete item's full result. */
                include?: "results";
                /** @description One line per listing of every complete search, `search_index` and `q` first (409 result_not_ready while any is pending). */
                format?: "csv";
            };
            header?: never;
            path: {
                batch_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch, or its CSV. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "batch_id": "bat_2xVb8qLm4NcT0rYz6HwPjA",
                     *       "status": "pending",
                     *       "created_at": "2026-11-24T04:02:31.880+00:00",
                     *       "counts": {
                     *         "pending": 2,
                     *         "complete": 1,
                     *         "failed": 0,
                     *         "rejected": 0
                     *       },
                     *       "credits": 1,
                     *       "items": [
                     *         {
                     *           "index": 0,
                     *           "endpoint": "mkt_a/sold",
                     *           "q": "iphone 13",
                     *           "request_id": "req_pukAFLW9eOZLyc1exyfLEm",
                     *           "status": "complete",
                     *           "cached": true,
                     *           "credits": 1,
                     *           "rows": 40,
                     *           "summary": {
                     *             "priced_count": 38,
                     *             "currency": "USD",
                     *             "median": 289.99,
                     *             "low": 180,
                     *             "high": 420,
                     *             "earliest_sold_date": "2026-10-02",
                     *             "latest_sold_date": "2026-11-18",
                     *             "best_offer_accepted_count": 4
                     *           },
                     *           "comps": {
                     *             "basis": "item",
                     *             "currency": "USD",
                     *             "price": {
                     *               "count": 27,
                     *               "median": 299.99,
                     *               "p25": 265,
                     *               "p75": 329.5,
                     *               "low": 199,
                     *               "high": 420,
                     *               "median_ci90": {
                     *                 "low": 279,
                     *                 "high": 315,
                     *                 "level": 0.9,
                     *                 "coverage": 0.9478
                     *               }
                     *             },
                     *             "price_with_shipping": {
                     *               "count": 20,
                     *               "median": 305.49,
                     *               "p25": 272.5,
                     *               "p75": 334,
                     *               "low": 205.99,
                     *               "high": 420,
                     *               "median_ci90": {
                     *                 "low": 284.99,
                     *                 "high": 321,
                     *                 "level": 0.9,
                     *                 "coverage": 0.9586
                     *               }
                     *             },
                     *             "kinds": {
                     *               "item": 28,
                     *               "accessory": 7,
                     *               "lot": 1,
                     *               "parts": 2,
                     *               "other": 2
                     *             }
                     *           }
                     *         },
                     *         {
                     *           "index": 1,
                     *           "endpoint": "mkt_a/sold",
                     *           "q": "iphone 13",
                     *           "request_id": "req_GtYYBs1geKLY2MGhsFrcbU",
                     *           "status": "pending",
                     *           "cached": false,
                     *           "credits": 0
                     *         },
                     *         {
                     *           "index": 2,
                     *           "endpoint": "mkt_c/sold",
                     *           "q": "iphone 13",
                     *           "request_id": "req_9aQmZ2xW1vB7nK3pLr5tYc",
                     *           "status": "pending",
                     *           "cached": false,
                     *           "credits": 0
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Batch"];
                    "text/csv": string;
                };
            };
            /** @description `invalid_api_key`: The API key is missing, malformed or revoked. Send `Authorization: Bearer <key>` with a current key; a rotated key stops working at once. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_api_key",
                     *         "message": "The API key is missing, malformed or revoked."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `account_suspended`: This account is suspended; contact support to restore it. Contact support; no key of the account works until it is restored.
             *
             *     `origin_not_allowed`: Requests from this browser origin are not allowed; call the API from a server. Call the API from a server, or ask an operator to allow your site origin.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "account_suspended",
                     *         "message": "This account is suspended; contact support to restore it."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `request_not_found`: No job with this ID belongs to this account. Poll with the same key that created the job or batch, within 24 hours of it settling. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "request_not_found",
                     *         "message": "No job with this ID belongs to this account."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `method_not_allowed`: Only GET is supported on this route. Use the method named in the `Allow` header (GET on searches and polls, POST to create a batch). */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "Only GET is supported on this route."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `result_not_ready`: The CSV is available once nothing is pending. Poll with `wait=20` until nothing is pending, then ask for the CSV. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "result_not_ready",
                     *         "message": "The CSV is available once nothing is pending."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `uri_too_long`: The query string is longer than 2,048 characters. Shorten the query string to 2,048 characters or less. */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "uri_too_long",
                     *         "message": "The query string is longer than 2,048 characters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `unsupported_or_invalid_query`: A parameter is unknown or outside its documented range. Fix the parameter named in `error.param` (or the search at `error.index` of a batch); do not retry unchanged.
             *
             *     `duplicate_parameter`: A parameter was sent more than once. Send each parameter once; join list values with commas.
             *
             *     `invalid_wait`: wait must be a whole number from 0 to 20. Send `wait` as a whole number from 0 to 20.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unsupported_or_invalid_query",
                     *         "message": "A parameter is unknown or outside its documented range."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: More than 60 API calls in the last minute for this account. Wait `Retry-After` seconds, then retry; poll with `wait=20` to spend fewer calls. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "More than 60 API calls in the last minute for this account."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `storage_unavailable`: Storage is briefly unavailable; retry shortly. Retry after `Retry-After` with the same Idempotency-Key; the body says whether the call was recorded. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "storage_unavailable",
                     *         "message": "Storage is briefly unavailable; retry shortly."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    list_watches: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The watches. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "wat_4kVb8qLm4NcT0rYz6HwPjA",
                     *           "name": "leica m6 under $1,500",
                     *           "mode": "live",
                     *           "status": "active",
                     *           "search": {
                     *             "endpoint": "mkt_a/listings",
                     *             "q": "leica m6",
                     *             "condition": [
                     *               "used"
                     *             ],
                     *             "sort": "newest"
                     *           },
                     *           "schedule": {
                     *             "every_seconds": 3600
                     *           },
                     *           "rules": {
                     *             "min_price": null,
                     *             "max_price": 1500,
                     *             "conditions": null,
                     *             "include_words": [
                     *               "m6"
                     *             ],
                     *             "exclude_words": [
                     *               "parts",
                     *               "repair"
                     *             ],
                     *             "kinds": [
                     *               "item"
                     *             ]
                     *           },
                     *           "webhook_endpoint_id": "we_9aQmZ2xW1vB7nK3pLr5tYc",
                     *           "notify_on_first_run": false,
                     *           "created_at": "2026-11-24T04:00:00.000Z",
                     *           "updated_at": "2026-11-24T04:00:00.000Z",
                     *           "next_run_at": "2026-11-24T06:00:00.000Z",
                     *           "last_run": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["WatchList"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, malformed or revoked. Send `Authorization: Bearer <key>` with a current key; a rotated key stops working at once. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_api_key",
                     *         "message": "The API key is missing, malformed or revoked."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `account_suspended`: This account is suspended; contact support to restore it. Contact support; no key of the account works until it is restored.
             *
             *     `origin_not_allowed`: Requests from this browser origin are not allowed; call the API from a server. Call the API from a server, or ask an operator to allow your site origin.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "account_suspended",
                     *         "message": "This account is suspended; contact support to restore it."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `method_not_allowed`: Only GET is supported on this route. Use the method named in the `Allow` header (GET on searches and polls, POST to create a batch). */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "Only GET is supported on this route."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `uri_too_long`: The query string is longer than 2,048 characters. Shorten the query string to 2,048 characters or less. */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "uri_too_long",
                     *         "message": "The query string is longer than 2,048 characters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `unsupported_or_invalid_query`: A parameter is unknown or outside its documented range. Fix the parameter named in `error.param` (or the search at `error.index` of a batch); do not retry unchanged.
             *
             *     `duplicate_parameter`: A parameter was sent more than once. Send each parameter once; join list values with commas.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unsupported_or_invalid_query",
                     *         "message": "A parameter is unknown or outside its documented range."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: More than 60 API calls in the last minute for this account. Wait `Retry-After` seconds, then retry; poll with `wait=20` to spend fewer calls. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "More than 60 API calls in the last minute for this account."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `storage_unavailable`: Storage is briefly unavailable; retry shortly. Retry after `Retry-After` with the same Idempotency-Key; the body says whether the call was recorded. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "storage_unavailable",
                     *         "message": "Storage is briefly unavailable; retry shortly."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    create_watch: {
        parameters: {
            query?: never;
            header?: {
                /** @description The same key and body answer the same watch (kept 24 hours); another body: 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "search": {
                 *         "endpoint": "mkt_a/listings",
                 *         "q": "leica m6",
                 *         "sort": "newest"
                 *       },
                 *       "schedule": {
                 *         "every_seconds": 3600
                 *       },
                 *       "rules": {
                 *         "max_price": 1500,
                 *         "exclude_words": [
                 *           "parts"
                 *         ],
                 *         "kinds": [
                 *           "item"
                 *         ]
                 *       },
                 *       "webhook_endpoint_id": "we_9aQmZ2xW1vB7nK3pLr5tYc"
                 *     }
                 */
                "application/json": components["schemas"]["WatchCreate"];
            };
        };
        responses: {
            /** @description The watch (also for a replay of the same Idempotency-Key and body, with `Idempotent-Replayed: true`). */
            201: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "wat_4kVb8qLm4NcT0rYz6HwPjA",
                     *       "name": "leica m6 under $1,500",
                     *       "mode": "live",
                     *       "status": "active",
                     *       "search": {
                     *         "endpoint": "mkt_a/listings",
                     *         "q": "leica m6",
                     *         "condition": [
                     *           "used"
                     *         ],
                     *         "sort": "newest"
                     *       },
                     *       "schedule": {
                     *         "every_seconds": 3600
                     *       },
                     *       "rules": {
                     *         "min_price": null,
                     *         "max_price": 1500,
                     *         "conditions": null,
                     *         "include_words": [
                     *           "m6"
                     *         ],
                     *         "exclude_words": [
                     *           "parts",
                     *           "repair"
                     *         ],
                     *         "kinds": [
                     *           "item"
                     *         ]
                     *       },
                     *       "webhook_endpoint_id": "we_9aQmZ2xW1vB7nK3pLr5tYc",
                     *       "notify_on_first_run": false,
                     *       "created_at": "2026-11-24T04:00:00.000Z",
                     *       "updated_at": "2026-11-24T04:00:00.000Z",
                     *       "next_run_at": "2026-11-24T06:00:00.000Z",
                     *       "last_run": null
                     *     }
                     */
                    "application/json": components["schemas"]["Watch"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, malformed or revoked. Send `Authorization: Bearer <key>` with a current key; a rotated key stops working at once. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_api_key",
                     *         "message": "The API key is missing, malformed or revoked."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `account_suspended`: This account is suspended; contact support to restore it. Contact support; no key of the account works until it is restored.
             *
             *     `origin_not_allowed`: Requests from this browser origin are not allowed; call the API from a server. Call the API from a server, or ask an operator to allow your site origin.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "account_suspended",
                     *         "message": "This account is suspended; contact support to restore it."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `method_not_allowed`: Only GET is supported on this route. Use the method named in the `Allow` header (GET on searches and polls, POST to create a batch). */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "Only GET is supported on this route."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_conflict`: This Idempotency-Key was already used with different parameters. Use a new Idempotency-Key for a different search or body; reuse a key only for a retry of the same call. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "idempotency_conflict",
                     *         "message": "This Idempotency-Key was already used with different parameters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `uri_too_long`: The query string is longer than 2,048 characters. Shorten the query string to 2,048 characters or less. */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "uri_too_long",
                     *         "message": "The query string is longer than 2,048 characters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `unsupported_or_invalid_query`: A parameter is unknown or outside its documented range. Fix the parameter named in `error.param` (or the search at `error.index` of a batch); do not retry unchanged.
             *
             *     `duplicate_parameter`: A parameter was sent more than once. Send each parameter once; join list values with commas.
             *
             *     `sort_not_implemented`: sort=best_deal is not implemented. Use one of the `sort` values listed for the route.
             *
             *     `invalid_idempotency_key`: Idempotency-Key must be 1-128 printable ASCII characters without spaces. Use 1-128 printable ASCII characters without spaces (a UUID works).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unsupported_or_invalid_query",
                     *         "message": "A parameter is unknown or outside its documented range."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: More than 60 API calls in the last minute for this account. Wait `Retry-After` seconds, then retry; poll with `wait=20` to spend fewer calls. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "More than 60 API calls in the last minute for this account."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `storage_unavailable`: Storage is briefly unavailable; retry shortly. Retry after `Retry-After` with the same Idempotency-Key; the body says whether the call was recorded. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "storage_unavailable",
                     *         "message": "Storage is briefly unavailable; retry shortly."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_watch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                watch_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The watch. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "wat_4kVb8qLm4NcT0rYz6HwPjA",
                     *       "name": "leica m6 under $1,500",
                     *       "mode": "live",
                     *       "status": "active",
                     *       "search": {
                     *         "endpoint": "mkt_a/listings",
                     *         "q": "leica m6",
                     *         "condition": [
                     *           "used"
                     *         ],
                     *         "sort": "newest"
                     *       },
                     *       "schedule": {
                     *         "every_seconds": 3600
                     *       },
                     *       "rules": {
                     *         "min_price": null,
                     *         "max_price": 1500,
                     *         "conditions": null,
                     *         "include_words": [
                     *           "m6"
                     *         ],
                     *         "exclude_words": [
                     *           "parts",
                     *           "repair"
                     *         ],
                     *         "kinds": [
                     *           "item"
                     *         ]
                     *       },
                     *       "webhook_endpoint_id": "we_9aQmZ2xW1vB7nK3pLr5tYc",
                     *       "notify_on_first_run": false,
                     *       "created_at": "2026-11-24T04:00:00.000Z",
                     *       "updated_at": "2026-11-24T04:00:00.000Z",
                     *       "next_run_at": "2026-11-24T06:00:00.000Z",
                     *       "last_run": null
                     *     }
                     */
                    "application/json": components["schemas"]["Watch"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, malformed or revoked. Send `Authorization: Bearer <key>` with a current key; a rotated key stops working at once. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_api_key",
                     *         "message": "The API key is missing, malformed or revoked."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `account_suspended`: This account is suspended; contact support to restore it. Contact support; no key of the account works until it is restored.
             *
             *     `origin_not_allowed`: Requests from this browser origin are not allowed; call the API from a server. Call the API from a server, or ask an operator to allow your site origin.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "account_suspended",
                     *         "message": "This account is suspended; contact support to restore it."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: No such path. Check the path: no trailing slash, lower case, only the routes listed here. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "not_found",
                     *         "message": "No such path."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `method_not_allowed`: Only GET is supported on this route. Use the method named in the `Allow` header (GET on searches and polls, POST to create a batch). */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "Only GET is supported on this route."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `uri_too_long`: The query string is longer than 2,048 characters. Shorten the query string to 2,048 characters or less. */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "uri_too_long",
                     *         "message": "The query string is longer than 2,048 characters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `unsupported_or_invalid_query`: A parameter is unknown or outside its documented range. Fix the parameter named in `error.param` (or the search at `error.index` of a batch); do not retry unchanged.
             *
             *     `duplicate_parameter`: A parameter was sent more than once. Send each parameter once; join list values with commas.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unsupported_or_invalid_query",
                     *         "message": "A parameter is unknown or outside its documented range."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: More than 60 API calls in the last minute for this account. Wait `Retry-After` seconds, then retry; poll with `wait=20` to spend fewer calls. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "More than 60 API calls in the last minute for this account."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `storage_unavailable`: Storage is briefly unavailable; retry shortly. Retry after `Retry-After` with the same Idempotency-Key; the body says whether the call was recorded. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "storage_unavailable",
                     *         "message": "Storage is briefly unavailable; retry shortly."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_watch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                watch_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_api_key`: The API key is missing, malformed or revoked. Send `Authorization: Bearer <key>` with a current key; a rotated key stops working at once. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_api_key",
                     *         "message": "The API key is missing, malformed or revoked."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `account_suspended`: This account is suspended; contact support to restore it. Contact support; no key of the account works until it is restored.
             *
             *     `origin_not_allowed`: Requests from this browser origin are not allowed; call the API from a server. Call the API from a server, or ask an operator to allow your site origin.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "account_suspended",
                     *         "message": "This account is suspended; contact support to restore it."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: No such path. Check the path: no trailing slash, lower case, only the routes listed here. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "not_found",
                     *         "message": "No such path."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `method_not_allowed`: Only GET is supported on this route. Use the method named in the `Allow` header (GET on searches and polls, POST to create a batch). */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "Only GET is supported on this route."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `uri_too_long`: The query string is longer than 2,048 characters. Shorten the query string to 2,048 characters or less. */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "uri_too_long",
                     *         "message": "The query string is longer than 2,048 characters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `unsupported_or_invalid_query`: A parameter is unknown or outside its documented range. Fix the parameter named in `error.param` (or the search at `error.index` of a batch); do not retry unchanged.
             *
             *     `duplicate_parameter`: A parameter was sent more than once. Send each parameter once; join list values with commas.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unsupported_or_invalid_query",
                     *         "message": "A parameter is unknown or outside its documented range."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: More than 60 API calls in the last minute for this account. Wait `Retry-After` seconds, then retry; poll with `wait=20` to spend fewer calls. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "More than 60 API calls in the last minute for this account."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `storage_unavailable`: Storage is briefly unavailable; retry shortly. Retry after `Retry-After` with the same Idempotency-Key; the body says whether the call was recorded. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "storage_unavailable",
                     *         "message": "Storage is briefly unavailable; retry shortly."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    update_watch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                watch_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "paused"
                 *     }
                 */
                "application/json": components["schemas"]["WatchUpdate"];
            };
        };
        responses: {
            /** @description The watch after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Watch"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, malformed or revoked. Send `Authorization: Bearer <key>` with a current key; a rotated key stops working at once. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_api_key",
                     *         "message": "The API key is missing, malformed or revoked."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `account_suspended`: This account is suspended; contact support to restore it. Contact support; no key of the account works until it is restored.
             *
             *     `origin_not_allowed`: Requests from this browser origin are not allowed; call the API from a server. Call the API from a server, or ask an operator to allow your site origin.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "account_suspended",
                     *         "message": "This account is suspended; contact support to restore it."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: No such path. Check the path: no trailing slash, lower case, only the routes listed here. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "not_found",
                     *         "message": "No such path."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `method_not_allowed`: Only GET is supported on this route. Use the method named in the `Allow` header (GET on searches and polls, POST to create a batch). */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "Only GET is supported on this route."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `uri_too_long`: The query string is longer than 2,048 characters. Shorten the query string to 2,048 characters or less. */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "uri_too_long",
                     *         "message": "The query string is longer than 2,048 characters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `unsupported_or_invalid_query`: A parameter is unknown or outside its documented range. Fix the parameter named in `error.param` (or the search at `error.index` of a batch); do not retry unchanged.
             *
             *     `duplicate_parameter`: A parameter was sent more than once. Send each parameter once; join list values with commas.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unsupported_or_invalid_query",
                     *         "message": "A parameter is unknown or outside its documented range."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: More than 60 API calls in the last minute for this account. Wait `Retry-After` seconds, then retry; poll with `wait=20` to spend fewer calls. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "More than 60 API calls in the last minute for this account."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `storage_unavailable`: Storage is briefly unavailable; retry shortly. Retry after `Retry-After` with the same Idempotency-Key; the body says whether the call was recorded. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "storage_unavailable",
                     *         "message": "Storage is briefly unavailable; retry shortly."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    list_watch_runs: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                watch_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The runs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "scheduled_at": "2026-11-24T05:00:00.000Z",
                     *           "status": "complete",
                     *           "started_at": "2026-11-24T05:00:00.021Z",
                     *           "finished_at": "2026-11-24T05:00:03.410Z",
                     *           "request_id": "req_GtYYBs1geKLY2MGhsFrcbU",
                     *           "credits": 1,
                     *           "cached": false,
                     *           "rows": 60,
                     *           "baseline": false,
                     *           "superseded": false,
                     *           "match_count": 1,
                     *           "matches": [
                     *             {
                     *               "id": "135928300001",
                     *               "reason": "price_drop",
                     *               "title": "Leica M6 0.72 black chrome body",
                     *               "link": "https://www.ebay.com/itm/135928300001",
                     *               "displayed_price": {
                     *                 "amount": 1390,
                     *                 "currency": "USD"
                     *               },
                     *               "previous_price": {
                     *                 "amount": 1590,
                     *                 "currency": "USD"
                     *               }
                     *             }
                     *           ],
                     *           "event_id": "evt_watch_7mRq2h8VxPz1cT4yKbN0aQ",
                     *           "event_delivery": "queued",
                     *           "error": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["WatchRunList"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, malformed or revoked. Send `Authorization: Bearer <key>` with a current key; a rotated key stops working at once. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_api_key",
                     *         "message": "The API key is missing, malformed or revoked."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `account_suspended`: This account is suspended; contact support to restore it. Contact support; no key of the account works until it is restored.
             *
             *     `origin_not_allowed`: Requests from this browser origin are not allowed; call the API from a server. Call the API from a server, or ask an operator to allow your site origin.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "account_suspended",
                     *         "message": "This account is suspended; contact support to restore it."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: No such path. Check the path: no trailing slash, lower case, only the routes listed here. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "not_found",
                     *         "message": "No such path."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `method_not_allowed`: Only GET is supported on this route. Use the method named in the `Allow` header (GET on searches and polls, POST to create a batch). */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "Only GET is supported on this route."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `uri_too_long`: The query string is longer than 2,048 characters. Shorten the query string to 2,048 characters or less. */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "uri_too_long",
                     *         "message": "The query string is longer than 2,048 characters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `unsupported_or_invalid_query`: A parameter is unknown or outside its documented range. Fix the parameter named in `error.param` (or the search at `error.index` of a batch); do not retry unchanged.
             *
             *     `duplicate_parameter`: A parameter was sent more than once. Send each parameter once; join list values with commas.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unsupported_or_invalid_query",
                     *         "message": "A parameter is unknown or outside its documented range."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: More than 60 API calls in the last minute for this account. Wait `Retry-After` seconds, then retry; poll with `wait=20` to spend fewer calls. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "More than 60 API calls in the last minute for this account."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `storage_unavailable`: Storage is briefly unavailable; retry shortly. Retry after `Retry-After` with the same Idempotency-Key; the body says whether the call was recorded. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "storage_unavailable",
                     *         "message": "Storage is briefly unavailable; retry shortly."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    mkt_a_history_sold: {
        parameters: {
            query: {
                /** @description Keywords, 1-200 characters; every word must be in the title. */
                q: string;
                /** @description First sold day (YYYY-MM-DD), no earlier than the archive keeps (HISTORY_RETENTION_DAYS, default 730 days). Default: that earliest day. */
                from?: string;
                /** @description Last sold day (YYYY-MM-DD), not before `from`. Default: today (UTC). */
                to?: string;
                /** @description This marketplace's sold-route condition codes, comma-separated, each once: new, open_box, refurbished, used, for_parts. */
                condition?: ("new" | "open_box" | "refurbished" | "used" | "for_parts")[];
                /** @description Whole USD, 0-1000000, on the displayed price; not above `max_price`. */
                min_price?: number;
                /** @description Whole USD, 0-1000000, on the displayed price. */
                max_price?: number;
                /** @description 1-100, 200 rows a page. */
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archive's rows (none: 200 with `count` 0 and nothing charged). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "marketplace": "mkt_a",
                     *       "query": "iphone 13",
                     *       "from": "2025-11-27",
                     *       "to": "2026-11-27",
                     *       "page": 1,
                     *       "page_size": 200,
                     *       "count": 1,
                     *       "next_page": null,
                     *       "credits": 1,
                     *       "comp_version": "1.0.0",
                     *       "months": [
                     *         {
                     *           "month": "2026-10",
                     *           "count": 41,
                     *           "median": {
                     *             "amount": 329.99,
                     *             "currency": "USD"
                     *           }
                     *         },
                     *         {
                     *           "month": "2026-11",
                     *           "count": 38,
                     *           "median": {
                     *             "amount": 314.5,
                     *             "currency": "USD"
                     *           }
                     *         }
                     *       ],
                     *       "months_rows": 96,
                     *       "months_complete": true,
                     *       "field_notes": "Sold rows this service read from the marketplace's sold pages and kept (its archive), not a complete sales history: …",
                     *       "data": [
                     *         {
                     *           "id": "256789012345",
                     *           "title": "Apple iPhone 13 128GB Midnight Unlocked",
                     *           "link": "https://www.ebay.com/itm/256789012345",
                     *           "image": null,
                     *           "displayed_price": {
                     *             "amount": 319.99,
                     *             "currency": "USD"
                     *           },
                     *           "displayed_price_text": "$319.99",
                     *           "displayed_shipping": {
                     *             "amount": 0,
                     *             "currency": "USD"
                     *           },
                     *           "shipping_text": "Free delivery",
                     *           "sold_date": "2026-11-21",
                     *           "sold_date_text": "Nov 21, 2026",
                     *           "archived_on": "2026-11-21",
                     *           "condition": "Pre-Owned",
                     *           "condition_id": null,
                     *           "category_id": null,
                     *           "brand_id": null,
                     *           "brand": null,
                     *           "size": null,
                     *           "first_seen_at": "2026-11-22T09:14:03.000Z",
                     *           "last_seen_at": "2026-11-23T17:40:51.000Z",
                     *           "comp_kind": "item",
                     *           "comp_reasons": []
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["History"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, malformed or revoked. Send `Authorization: Bearer <key>` with a current key; a rotated key stops working at once. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_api_key",
                     *         "message": "The API key is missing, malformed or revoked."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `account_suspended`: This account is suspended; contact support to restore it. Contact support; no key of the account works until it is restored.
             *
             *     `origin_not_allowed`: Requests from this browser origin are not allowed; call the API from a server. Call the API from a server, or ask an operator to allow your site origin.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "account_suspended",
                     *         "message": "This account is suspended; contact support to restore it."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: No such path. Check the path: no trailing slash, lower case, only the routes listed here. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "not_found",
                     *         "message": "No such path."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `method_not_allowed`: Only GET is supported on this route. Use the method named in the `Allow` header (GET on searches and polls, POST to create a batch). */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "Only GET is supported on this route."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `uri_too_long`: The query string is longer than 2,048 characters. Shorten the query string to 2,048 characters or less. */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "uri_too_long",
                     *         "message": "The query string is longer than 2,048 characters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `unsupported_or_invalid_query`: A parameter is unknown or outside its documented range. Fix the parameter named in `error.param` (or the search at `error.index` of a batch); do not retry unchanged.
             *
             *     `duplicate_parameter`: A parameter was sent more than once. Send each parameter once; join list values with commas.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unsupported_or_invalid_query",
                     *         "message": "A parameter is unknown or outside its documented range."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `rate_limited`: More than 60 API calls in the last minute for this account. Wait `Retry-After` seconds, then retry; poll with `wait=20` to spend fewer calls.
             *
             *     `quota_exceeded`: The plan allowance for the rolling 30 days is used up and no extra requests are left. Wait for older searches to leave the rolling 30 days, or buy extra requests / a larger plan.
             */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "More than 60 API calls in the last minute for this account."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `storage_unavailable`: Storage is briefly unavailable; retry shortly. Retry after `Retry-After` with the same Idempotency-Key; the body says whether the call was recorded.
             *
             *     `service_unconfigured`: The service is misconfigured on the provider side. Contact support; retrying will not help until the provider fixes the service.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "storage_unavailable",
                     *         "message": "Storage is briefly unavailable; retry shortly."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    mkt_b_history_sold: {
        parameters: {
            query: {
                /** @description Keywords, 1-200 characters; every word must be in the title. */
                q: string;
                /** @description First sold day (YYYY-MM-DD), no earlier than the archive keeps (HISTORY_RETENTION_DAYS, default 730 days). Default: that earliest day. */
                from?: string;
                /** @description Last sold day (YYYY-MM-DD), not before `from`. Default: today (UTC). */
                to?: string;
                /** @description This marketplace's sold-route condition codes, comma-separated, each once: nwt, uln, ug, uf. */
                condition?: ("nwt" | "uln" | "ug" | "uf")[];
                /** @description Whole USD, 0-1000000, on the displayed price; not above `max_price`. */
                min_price?: number;
                /** @description Whole USD, 0-1000000, on the displayed price. */
                max_price?: number;
                /** @description 1-100, 200 rows a page. */
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archive's rows (none: 200 with `count` 0 and nothing charged). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["History"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, malformed or revoked. Send `Authorization: Bearer <key>` with a current key; a rotated key stops working at once. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_api_key",
                     *         "message": "The API key is missing, malformed or revoked."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `account_suspended`: This account is suspended; contact support to restore it. Contact support; no key of the account works until it is restored.
             *
             *     `origin_not_allowed`: Requests from this browser origin are not allowed; call the API from a server. Call the API from a server, or ask an operator to allow your site origin.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "account_suspended",
                     *         "message": "This account is suspended; contact support to restore it."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: No such path. Check the path: no trailing slash, lower case, only the routes listed here. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "not_found",
                     *         "message": "No such path."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `method_not_allowed`: Only GET is supported on this route. Use the method named in the `Allow` header (GET on searches and polls, POST to create a batch). */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "Only GET is supported on this route."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `uri_too_long`: The query string is longer than 2,048 characters. Shorten the query string to 2,048 characters or less. */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "uri_too_long",
                     *         "message": "The query string is longer than 2,048 characters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `unsupported_or_invalid_query`: A parameter is unknown or outside its documented range. Fix the parameter named in `error.param` (or the search at `error.index` of a batch); do not retry unchanged.
             *
             *     `duplicate_parameter`: A parameter was sent more than once. Send each parameter once; join list values with commas.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unsupported_or_invalid_query",
                     *         "message": "A parameter is unknown or outside its documented range."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `rate_limited`: More than 60 API calls in the last minute for this account. Wait `Retry-After` seconds, then retry; poll with `wait=20` to spend fewer calls.
             *
             *     `quota_exceeded`: The plan allowance for the rolling 30 days is used up and no extra requests are left. Wait for older searches to leave the rolling 30 days, or buy extra requests / a larger plan.
             */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "More than 60 API calls in the last minute for this account."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `storage_unavailable`: Storage is briefly unavailable; retry shortly. Retry after `Retry-After` with the same Idempotency-Key; the body says whether the call was recorded.
             *
             *     `service_unconfigured`: The service is misconfigured on the provider side. Contact support; retrying will not help until the provider fixes the service.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "storage_unavailable",
                     *         "message": "Storage is briefly unavailable; retry shortly."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    mkt_c_history_sold: {
        parameters: {
            query: {
                /** @description Keywords, 1-200 characters; every word must be in the title. */
                q: string;
                /** @description First sold day (YYYY-MM-DD), no earlier than the archive keeps (HISTORY_RETENTION_DAYS, default 730 days). Default: that earliest day. */
                from?: string;
                /** @description Last sold day (YYYY-MM-DD), not before `from`. Default: today (UTC). */
                to?: string;
                /** @description This marketplace's sold-route condition codes, comma-separated, each once: new, like_new, good, fair, poor. */
                condition?: ("new" | "like_new" | "good" | "fair" | "poor")[];
                /** @description Whole USD, 0-1000000, on the displayed price; not above `max_price`. */
                min_price?: number;
                /** @description Whole USD, 0-1000000, on the displayed price. */
                max_price?: number;
                /** @description 1-100, 200 rows a page. */
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archive's rows (none: 200 with `count` 0 and nothing charged). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["History"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, malformed or revoked. Send `Authorization: Bearer <key>` with a current key; a rotated key stops working at once. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "invalid_api_key",
                     *         "message": "The API key is missing, malformed or revoked."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `account_suspended`: This account is suspended; contact support to restore it. Contact support; no key of the account works until it is restored.
             *
             *     `origin_not_allowed`: Requests from this browser origin are not allowed; call the API from a server. Call the API from a server, or ask an operator to allow your site origin.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "account_suspended",
                     *         "message": "This account is suspended; contact support to restore it."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: No such path. Check the path: no trailing slash, lower case, only the routes listed here. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "not_found",
                     *         "message": "No such path."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `method_not_allowed`: Only GET is supported on this route. Use the method named in the `Allow` header (GET on searches and polls, POST to create a batch). */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "method_not_allowed",
                     *         "message": "Only GET is supported on this route."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `uri_too_long`: The query string is longer than 2,048 characters. Shorten the query string to 2,048 characters or less. */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "uri_too_long",
                     *         "message": "The query string is longer than 2,048 characters."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `unsupported_or_invalid_query`: A parameter is unknown or outside its documented range. Fix the parameter named in `error.param` (or the search at `error.index` of a batch); do not retry unchanged.
             *
             *     `duplicate_parameter`: A parameter was sent more than once. Send each parameter once; join list values with commas.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unsupported_or_invalid_query",
                     *         "message": "A parameter is unknown or outside its documented range."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `rate_limited`: More than 60 API calls in the last minute for this account. Wait `Retry-After` seconds, then retry; poll with `wait=20` to spend fewer calls.
             *
             *     `quota_exceeded`: The plan allowance for the rolling 30 days is used up and no extra requests are left. Wait for older searches to leave the rolling 30 days, or buy extra requests / a larger plan.
             */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "rate_limited",
                     *         "message": "More than 60 API calls in the last minute for this account."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `storage_unavailable`: Storage is briefly unavailable; retry shortly. Retry after `Retry-After` with the same Idempotency-Key; the body says whether the call was recorded.
             *
             *     `service_unconfigured`: The service is misconfigured on the provider side. Contact support; retrying will not help until the provider fixes the service.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "storage_unavailable",
                     *         "message": "Storage is briefly unavailable; retry shortly."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
