/**
 * Generated from the Listings contract (packages/contract: the route and parameter tables,
 * the OpenAPI components) by scripts/generate.ts (npm run generate -w @listings/mcp).
 * Do not edit by hand.
 */
import type { ContractSchemas } from './contract-types.ts';

export const CONTRACT: ContractSchemas = {
  "routes": [
    {
      "route": "mkt_a/sold",
      "cursorPaging": false,
      "summary": "Sold listings on mkt_a",
      "description": "One source page per call. A cache hit answers 200 with the complete job (1 credit); a miss answers 202 with a pending job to poll at `/v1/jobs/{request_id}?wait=20`. result.schema_version is 1. Page with `page` = `next_page`.",
      "input": {
        "type": "object",
        "properties": {
          "q": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "Search keywords, 1-200 characters. Runs of white space are folded and the ends trimmed in `result.query`."
          },
          "page": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "default": 1,
            "description": "Source page, 1-100."
          },
          "min_price": {
            "type": "integer",
            "minimum": 0,
            "maximum": 1000000,
            "description": "Lowest price, whole US dollars; must not exceed `max_price`."
          },
          "max_price": {
            "type": "integer",
            "minimum": 0,
            "maximum": 1000000,
            "description": "Highest price, whole US dollars."
          },
          "marketplace": {
            "type": "string",
            "enum": [
              "mkt_a"
            ],
            "default": "mkt_a",
            "description": "If sent, must be `mkt_a`."
          },
          "country": {
            "type": "string",
            "enum": [
              "us"
            ],
            "default": "us",
            "description": "Only `us` is supported."
          },
          "condition": {
            "type": "array",
            "minItems": 1,
            "uniqueItems": true,
            "items": {
              "type": "string",
              "enum": [
                "new",
                "open_box",
                "refurbished",
                "used",
                "for_parts"
              ]
            },
            "description": "Comma-separated unique list: `new` Brand New, `open_box` Open Box or New (Other), `refurbished` every refurbished grade, `used` Pre-Owned, `for_parts` Parts Only. Applied by the marketplace. Send comma-separated, each value once."
          }
        },
        "required": [
          "q"
        ],
        "additionalProperties": false
      },
      "output": {
        "type": "object",
        "description": "The job envelope of a mkt_a/sold search (interface 2.2).",
        "required": [
          "request_id",
          "status",
          "credits",
          "cached"
        ],
        "additionalProperties": false,
        "properties": {
          "request_id": {
            "type": "string",
            "pattern": "^req_[A-Za-z0-9]+$",
            "description": "Poll at /v1/jobs/{request_id}."
          },
          "status": {
            "type": "string",
            "enum": [
              "pending",
              "complete",
              "failed"
            ],
            "description": "Check it even on HTTP 200."
          },
          "credits": {
            "type": "integer",
            "enum": [
              0,
              1
            ],
            "description": "1 when complete, 0 while pending or when failed."
          },
          "cached": {
            "type": "boolean",
            "description": "True when the result came from the 15-minute cache."
          },
          "poll_url": {
            "type": "string",
            "description": "Only while pending: /v1/jobs/<request_id> (join it to the host root)."
          },
          "error": {
            "$ref": "#/$defs/JobError"
          },
          "result": {
            "$ref": "#/$defs/MktASoldResult"
          }
        },
        "$defs": {
          "Comps": {
            "type": "object",
            "description": "Price figures over the rows judged `item` (the product the query names) with a USD displayed price, and how many rows of each kind the page had. An extension of the interface: `summary` of a batch item stays over every row.",
            "required": [
              "basis",
              "currency",
              "price",
              "price_with_shipping",
              "kinds"
            ],
            "additionalProperties": false,
            "properties": {
              "basis": {
                "type": "string",
                "const": "item",
                "description": "Which rows the figures are over: always `item`."
              },
              "currency": {
                "type": "string",
                "const": "USD",
                "description": "Always `USD`."
              },
              "price": {
                "$ref": "#/$defs/PriceFigures",
                "description": "Over the item rows' displayed prices."
              },
              "price_with_shipping": {
                "$ref": "#/$defs/PriceFigures",
                "description": "Over the item rows whose shipping is known (free is 0): displayed price plus shipping."
              },
              "kinds": {
                "type": "object",
                "required": [
                  "item",
                  "accessory",
                  "lot",
                  "parts",
                  "other"
                ],
                "additionalProperties": false,
                "properties": {
                  "item": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "accessory": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "lot": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "parts": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "other": {
                    "type": "integer",
                    "minimum": 0
                  }
                },
                "description": "Rows of the page of each `comp_kind`."
              }
            }
          },
          "JobError": {
            "type": "object",
            "required": [
              "code",
              "message"
            ],
            "additionalProperties": false,
            "description": "Only when failed.",
            "properties": {
              "code": {
                "type": "string",
                "enum": [
                  "rejected",
                  "filter_not_supported",
                  "page_out_of_range",
                  "not_submitted",
                  "upstream_blocked",
                  "upstream_error",
                  "upstream_timeout",
                  "collection_unavailable"
                ]
              },
              "message": {
                "type": "string"
              }
            }
          },
          "MktASoldResult": {
            "title": "mkt_a/sold result",
            "description": "One source page of mkt_a/sold (interface 2.3).",
            "type": "object",
            "required": [
              "provider",
              "country",
              "query",
              "page",
              "page_size",
              "count",
              "reported_total",
              "next_page",
              "next_cursor",
              "collected_at",
              "schema_version",
              "completeness",
              "field_notes",
              "data",
              "comp_version",
              "comps"
            ],
            "additionalProperties": false,
            "properties": {
              "provider": {
                "type": "string",
                "const": "mkt_a",
                "description": "Marketplace token of the route."
              },
              "country": {
                "type": "string",
                "const": "us",
                "description": "Always `us`."
              },
              "query": {
                "type": "string",
                "minLength": 1,
                "maxLength": 200,
                "description": "The `q` sent, extra spaces removed."
              },
              "page": {
                "type": "integer",
                "minimum": 1,
                "maximum": 100,
                "description": "Page asked for."
              },
              "page_size": {
                "type": "integer",
                "minimum": 0,
                "description": "Rows on the source page (may exceed `count`)."
              },
              "count": {
                "type": "integer",
                "minimum": 0,
                "description": "Rows in `data`."
              },
              "reported_total": {
                "type": [
                  "integer",
                  "null"
                ],
                "minimum": 0,
                "description": "Total matches the marketplace reports; may be rounded or capped."
              },
              "next_page": {
                "type": [
                  "integer",
                  "null"
                ],
                "minimum": 2,
                "maximum": 100,
                "description": "Send as `page` for the next page; null on the last."
              },
              "next_cursor": {
                "type": "null",
                "description": "Always null: this route pages by `page` alone."
              },
              "collected_at": {
                "type": "string",
                "format": "date-time",
                "description": "When the page was collected (ISO 8601)."
              },
              "schema_version": {
                "type": "integer",
                "const": 1,
                "description": "Shape version of this result: 1."
              },
              "completeness": {
                "type": "string",
                "const": "provider_page_only",
                "description": "Always `provider_page_only`: one source page, not a full history."
              },
              "field_notes": {
                "type": "string",
                "description": "How to read the page."
              },
              "data": {
                "type": "array",
                "items": {
                  "$ref": "#/$defs/MktASoldRow"
                },
                "description": "The rows."
              },
              "comp_version": {
                "type": "string",
                "minLength": 1,
                "description": "Version of the judgement rules and word lists the rows were judged with."
              },
              "comps": {
                "$ref": "#/$defs/Comps"
              }
            }
          },
          "MktASoldRow": {
            "title": "mkt_a sold row",
            "description": "A sold listing on mkt_a (interface 2.4).",
            "type": "object",
            "required": [
              "id",
              "title",
              "link",
              "displayed_price",
              "displayed_price_text",
              "displayed_shipping",
              "shipping_text",
              "sold_date",
              "sold_date_text",
              "condition",
              "seller_text",
              "brand",
              "size",
              "image",
              "price",
              "shipping",
              "sold_at",
              "took_offer",
              "comp_kind",
              "comp_reasons"
            ],
            "additionalProperties": false,
            "properties": {
              "id": {
                "type": "string",
                "minLength": 1,
                "description": "The marketplace's listing ID."
              },
              "title": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "Listing title."
              },
              "link": {
                "type": "string",
                "format": "uri",
                "description": "The listing on the marketplace."
              },
              "displayed_price": {
                "anyOf": [
                  {
                    "$ref": "#/$defs/Money"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "The price shown; null for a price range of a multi-variation listing (the range stays in `displayed_price_text`) or when unreadable."
              },
              "displayed_price_text": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The price as shown."
              },
              "displayed_shipping": {
                "anyOf": [
                  {
                    "$ref": "#/$defs/Money"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "Read only from exact shipping text; free delivery is amount 0; estimates and unspecified shipping are null."
              },
              "shipping_text": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The shipping text as shown."
              },
              "sold_date": {
                "anyOf": [
                  {
                    "type": "string",
                    "format": "date"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "YYYY-MM-DD: the most recent date matching `sold_date_text` (which has no year)."
              },
              "sold_date_text": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The sold date as shown, without a year."
              },
              "condition": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The marketplace's own condition text."
              },
              "seller_text": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "Username, feedback count and positive percentage as one string."
              },
              "brand": {
                "type": "null",
                "description": "Always null on mkt_a."
              },
              "size": {
                "type": "null",
                "description": "Always null on mkt_a."
              },
              "image": {
                "anyOf": [
                  {
                    "type": "string",
                    "format": "uri"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "Image URL on the marketplace image host, or null."
              },
              "price": {
                "type": "null",
                "description": "Reserved; always null (no verified transaction price)."
              },
              "shipping": {
                "type": "null",
                "description": "Reserved; always null."
              },
              "sold_at": {
                "type": "null",
                "description": "Reserved; always null."
              },
              "took_offer": {
                "type": "null",
                "description": "Reserved; always null."
              },
              "comp_kind": {
                "type": "string",
                "enum": [
                  "item",
                  "accessory",
                  "lot",
                  "parts",
                  "other"
                ],
                "description": "What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated)."
              },
              "comp_reasons": {
                "type": "array",
                "items": {
                  "type": "string",
                  "minLength": 1
                },
                "description": "Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code."
              }
            }
          },
          "Money": {
            "type": "object",
            "description": "A displayed amount in US dollars.",
            "required": [
              "amount",
              "currency"
            ],
            "additionalProperties": false,
            "properties": {
              "amount": {
                "type": "number",
                "minimum": 0,
                "description": "Dollars, with cents as decimals."
              },
              "currency": {
                "type": "string",
                "const": "USD",
                "description": "Always `USD`."
              }
            },
            "examples": [
              {
                "amount": 129.99,
                "currency": "USD"
              }
            ]
          },
          "PriceFigures": {
            "type": "object",
            "description": "Figures of a set of USD amounts (displayed prices: asks or headline amounts, never verified transaction prices). Every figure is null when `count` is 0.",
            "required": [
              "count",
              "median",
              "p25",
              "p75",
              "low",
              "high",
              "median_ci90"
            ],
            "additionalProperties": false,
            "properties": {
              "count": {
                "type": "integer",
                "minimum": 0,
                "description": "Amounts the figures are over."
              },
              "median": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "The middle amount, or the mean of the two middle ones."
              },
              "p25": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Lower hinge (Tukey's: the median of the lower half)."
              },
              "p75": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Upper hinge (the median of the upper half)."
              },
              "low": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Lowest amount."
              },
              "high": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Highest amount."
              },
              "median_ci90": {
                "anyOf": [
                  {
                    "type": "object",
                    "required": [
                      "low",
                      "high",
                      "level",
                      "coverage"
                    ],
                    "additionalProperties": false,
                    "properties": {
                      "low": {
                        "type": "number",
                        "description": "Lower bound: an order statistic of the amounts."
                      },
                      "high": {
                        "type": "number",
                        "description": "Upper bound: an order statistic of the amounts."
                      },
                      "level": {
                        "type": "number",
                        "const": 0.9,
                        "description": "The confidence asked for: 0.9."
                      },
                      "coverage": {
                        "type": "number",
                        "minimum": 0.9,
                        "maximum": 1,
                        "description": "The exact coverage of these two order statistics (at least `level`)."
                      }
                    }
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "A distribution-free 90 % confidence interval of the median from order statistics (binomial, no assumption on the shape of prices); null with fewer than 5 amounts."
              }
            }
          }
        }
      }
    },
    {
      "route": "mkt_a/listings",
      "cursorPaging": false,
      "summary": "Active listings on mkt_a",
      "description": "One source page per call. A cache hit answers 200 with the complete job (1 credit); a miss answers 202 with a pending job to poll at `/v1/jobs/{request_id}?wait=20`. result.schema_version is 1. Page with `page` = `next_page`.",
      "input": {
        "type": "object",
        "properties": {
          "q": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "Search keywords, 1-200 characters. Runs of white space are folded and the ends trimmed in `result.query`."
          },
          "page": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "default": 1,
            "description": "Source page, 1-100."
          },
          "min_price": {
            "type": "integer",
            "minimum": 0,
            "maximum": 1000000,
            "description": "Lowest price, whole US dollars; must not exceed `max_price`."
          },
          "max_price": {
            "type": "integer",
            "minimum": 0,
            "maximum": 1000000,
            "description": "Highest price, whole US dollars."
          },
          "marketplace": {
            "type": "string",
            "enum": [
              "mkt_a"
            ],
            "default": "mkt_a",
            "description": "If sent, must be `mkt_a`."
          },
          "country": {
            "type": "string",
            "enum": [
              "us"
            ],
            "default": "us",
            "description": "Only `us` is supported."
          },
          "condition": {
            "type": "array",
            "minItems": 1,
            "uniqueItems": true,
            "items": {
              "type": "string",
              "enum": [
                "new",
                "open_box",
                "refurbished",
                "used",
                "for_parts"
              ]
            },
            "description": "Comma-separated unique list: `new` Brand New, `open_box` Open Box or New (Other), `refurbished` every refurbished grade, `used` Pre-Owned, `for_parts` Parts Only. Applied by the marketplace. Send comma-separated, each value once."
          },
          "sort": {
            "type": "string",
            "enum": [
              "best_match",
              "newest",
              "price_asc",
              "ending_soon"
            ],
            "default": "best_match",
            "description": "Marketplace order; promoted listings are included and flagged."
          }
        },
        "required": [
          "q"
        ],
        "additionalProperties": false
      },
      "output": {
        "type": "object",
        "description": "The job envelope of a mkt_a/listings search (interface 2.2).",
        "required": [
          "request_id",
          "status",
          "credits",
          "cached"
        ],
        "additionalProperties": false,
        "properties": {
          "request_id": {
            "type": "string",
            "pattern": "^req_[A-Za-z0-9]+$",
            "description": "Poll at /v1/jobs/{request_id}."
          },
          "status": {
            "type": "string",
            "enum": [
              "pending",
              "complete",
              "failed"
            ],
            "description": "Check it even on HTTP 200."
          },
          "credits": {
            "type": "integer",
            "enum": [
              0,
              1
            ],
            "description": "1 when complete, 0 while pending or when failed."
          },
          "cached": {
            "type": "boolean",
            "description": "True when the result came from the 15-minute cache."
          },
          "poll_url": {
            "type": "string",
            "description": "Only while pending: /v1/jobs/<request_id> (join it to the host root)."
          },
          "error": {
            "$ref": "#/$defs/JobError"
          },
          "result": {
            "$ref": "#/$defs/MktAListingsResult"
          }
        },
        "$defs": {
          "Comps": {
            "type": "object",
            "description": "Price figures over the rows judged `item` (the product the query names) with a USD displayed price, and how many rows of each kind the page had. An extension of the interface: `summary` of a batch item stays over every row.",
            "required": [
              "basis",
              "currency",
              "price",
              "price_with_shipping",
              "kinds"
            ],
            "additionalProperties": false,
            "properties": {
              "basis": {
                "type": "string",
                "const": "item",
                "description": "Which rows the figures are over: always `item`."
              },
              "currency": {
                "type": "string",
                "const": "USD",
                "description": "Always `USD`."
              },
              "price": {
                "$ref": "#/$defs/PriceFigures",
                "description": "Over the item rows' displayed prices."
              },
              "price_with_shipping": {
                "$ref": "#/$defs/PriceFigures",
                "description": "Over the item rows whose shipping is known (free is 0): displayed price plus shipping."
              },
              "kinds": {
                "type": "object",
                "required": [
                  "item",
                  "accessory",
                  "lot",
                  "parts",
                  "other"
                ],
                "additionalProperties": false,
                "properties": {
                  "item": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "accessory": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "lot": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "parts": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "other": {
                    "type": "integer",
                    "minimum": 0
                  }
                },
                "description": "Rows of the page of each `comp_kind`."
              }
            }
          },
          "JobError": {
            "type": "object",
            "required": [
              "code",
              "message"
            ],
            "additionalProperties": false,
            "description": "Only when failed.",
            "properties": {
              "code": {
                "type": "string",
                "enum": [
                  "rejected",
                  "filter_not_supported",
                  "page_out_of_range",
                  "not_submitted",
                  "upstream_blocked",
                  "upstream_error",
                  "upstream_timeout",
                  "collection_unavailable"
                ]
              },
              "message": {
                "type": "string"
              }
            }
          },
          "MktAListingsResult": {
            "title": "mkt_a/listings result",
            "description": "One source page of mkt_a/listings (interface 2.3).",
            "type": "object",
            "required": [
              "provider",
              "country",
              "query",
              "page",
              "page_size",
              "count",
              "reported_total",
              "next_page",
              "next_cursor",
              "collected_at",
              "schema_version",
              "completeness",
              "field_notes",
              "data",
              "comp_version",
              "comps"
            ],
            "additionalProperties": false,
            "properties": {
              "provider": {
                "type": "string",
                "const": "mkt_a",
                "description": "Marketplace token of the route."
              },
              "country": {
                "type": "string",
                "const": "us",
                "description": "Always `us`."
              },
              "query": {
                "type": "string",
                "minLength": 1,
                "maxLength": 200,
                "description": "The `q` sent, extra spaces removed."
              },
              "page": {
                "type": "integer",
                "minimum": 1,
                "maximum": 100,
                "description": "Page asked for."
              },
              "page_size": {
                "type": "integer",
                "minimum": 0,
                "description": "Rows on the source page (may exceed `count`)."
              },
              "count": {
                "type": "integer",
                "minimum": 0,
                "description": "Rows in `data`."
              },
              "reported_total": {
                "type": [
                  "integer",
                  "null"
                ],
                "minimum": 0,
                "description": "Total matches the marketplace reports; may be rounded or capped."
              },
              "next_page": {
                "type": [
                  "integer",
                  "null"
                ],
                "minimum": 2,
                "maximum": 100,
                "description": "Send as `page` for the next page; null on the last."
              },
              "next_cursor": {
                "type": "null",
                "description": "Always null: this route pages by `page` alone."
              },
              "collected_at": {
                "type": "string",
                "format": "date-time",
                "description": "When the page was collected (ISO 8601)."
              },
              "schema_version": {
                "type": "integer",
                "const": 1,
                "description": "Shape version of this result: 1."
              },
              "completeness": {
                "type": "string",
                "const": "provider_page_only",
                "description": "Always `provider_page_only`: one source page, not a full history."
              },
              "field_notes": {
                "type": "string",
                "description": "How to read the page."
              },
              "data": {
                "type": "array",
                "items": {
                  "$ref": "#/$defs/MktAListingsRow"
                },
                "description": "The rows."
              },
              "comp_version": {
                "type": "string",
                "minLength": 1,
                "description": "Version of the judgement rules and word lists the rows were judged with."
              },
              "comps": {
                "$ref": "#/$defs/Comps"
              }
            }
          },
          "MktAListingsRow": {
            "title": "mkt_a listings row",
            "description": "An active listing on mkt_a (interface 2.5).",
            "type": "object",
            "required": [
              "id",
              "title",
              "link",
              "promoted",
              "format",
              "displayed_price",
              "displayed_price_text",
              "displayed_shipping",
              "shipping_text",
              "condition",
              "brand",
              "size",
              "listed_at",
              "bid_count",
              "ends_at",
              "best_offer",
              "seller_text",
              "location_text",
              "image",
              "comp_kind",
              "comp_reasons"
            ],
            "additionalProperties": false,
            "properties": {
              "id": {
                "type": "string",
                "minLength": 1,
                "description": "The marketplace's listing ID."
              },
              "title": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "Listing title."
              },
              "link": {
                "type": "string",
                "format": "uri",
                "description": "The listing on the marketplace."
              },
              "promoted": {
                "type": "boolean",
                "description": "Sponsored placement."
              },
              "format": {
                "type": "string",
                "enum": [
                  "auction",
                  "fixed_price"
                ],
                "description": "`auction` when bids or an end time are shown."
              },
              "displayed_price": {
                "anyOf": [
                  {
                    "$ref": "#/$defs/Money"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "Asking price or current bid; null when unreadable or a range."
              },
              "displayed_price_text": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The price as shown."
              },
              "displayed_shipping": {
                "anyOf": [
                  {
                    "$ref": "#/$defs/Money"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "As on sold rows: exact shipping text only."
              },
              "shipping_text": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The shipping text as shown."
              },
              "condition": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The marketplace's own condition text."
              },
              "brand": {
                "type": "null",
                "description": "Always null on mkt_a."
              },
              "size": {
                "type": "null",
                "description": "Always null on mkt_a."
              },
              "listed_at": {
                "type": "null",
                "description": "Always null on mkt_a."
              },
              "bid_count": {
                "anyOf": [
                  {
                    "type": "integer",
                    "minimum": 0
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "Bids, on auctions."
              },
              "ends_at": {
                "anyOf": [
                  {
                    "type": "string",
                    "format": "date-time"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "Auction end, ISO 8601 UTC."
              },
              "best_offer": {
                "type": "boolean",
                "description": "The seller accepts offers."
              },
              "seller_text": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "Username, feedback count and positive percentage."
              },
              "location_text": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "Item location as shown."
              },
              "image": {
                "anyOf": [
                  {
                    "type": "string",
                    "format": "uri"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "Image URL on the marketplace image host, or null."
              },
              "comp_kind": {
                "type": "string",
                "enum": [
                  "item",
                  "accessory",
                  "lot",
                  "parts",
                  "other"
                ],
                "description": "What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated)."
              },
              "comp_reasons": {
                "type": "array",
                "items": {
                  "type": "string",
                  "minLength": 1
                },
                "description": "Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code."
              }
            }
          },
          "Money": {
            "type": "object",
            "description": "A displayed amount in US dollars.",
            "required": [
              "amount",
              "currency"
            ],
            "additionalProperties": false,
            "properties": {
              "amount": {
                "type": "number",
                "minimum": 0,
                "description": "Dollars, with cents as decimals."
              },
              "currency": {
                "type": "string",
                "const": "USD",
                "description": "Always `USD`."
              }
            },
            "examples": [
              {
                "amount": 129.99,
                "currency": "USD"
              }
            ]
          },
          "PriceFigures": {
            "type": "object",
            "description": "Figures of a set of USD amounts (displayed prices: asks or headline amounts, never verified transaction prices). Every figure is null when `count` is 0.",
            "required": [
              "count",
              "median",
              "p25",
              "p75",
              "low",
              "high",
              "median_ci90"
            ],
            "additionalProperties": false,
            "properties": {
              "count": {
                "type": "integer",
                "minimum": 0,
                "description": "Amounts the figures are over."
              },
              "median": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "The middle amount, or the mean of the two middle ones."
              },
              "p25": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Lower hinge (Tukey's: the median of the lower half)."
              },
              "p75": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Upper hinge (the median of the upper half)."
              },
              "low": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Lowest amount."
              },
              "high": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Highest amount."
              },
              "median_ci90": {
                "anyOf": [
                  {
                    "type": "object",
                    "required": [
                      "low",
                      "high",
                      "level",
                      "coverage"
                    ],
                    "additionalProperties": false,
                    "properties": {
                      "low": {
                        "type": "number",
                        "description": "Lower bound: an order statistic of the amounts."
                      },
                      "high": {
                        "type": "number",
                        "description": "Upper bound: an order statistic of the amounts."
                      },
                      "level": {
                        "type": "number",
                        "const": 0.9,
                        "description": "The confidence asked for: 0.9."
                      },
                      "coverage": {
                        "type": "number",
                        "minimum": 0.9,
                        "maximum": 1,
                        "description": "The exact coverage of these two order statistics (at least `level`)."
                      }
                    }
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "A distribution-free 90 % confidence interval of the median from order statistics (binomial, no assumption on the shape of prices); null with fewer than 5 amounts."
              }
            }
          }
        }
      }
    },
    {
      "route": "mkt_b/sold",
      "cursorPaging": true,
      "summary": "Sold listings on mkt_b (cursor paging)",
      "description": "One source page per call. A cache hit answers 200 with the complete job (1 credit); a miss answers 202 with a pending job to poll at `/v1/jobs/{request_id}?wait=20`. result.schema_version is 1. Pages after 1 need the previous page's `next_cursor` with `page` = `next_page` and every other parameter unchanged.",
      "input": {
        "type": "object",
        "properties": {
          "q": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "Search keywords, 1-200 characters. Runs of white space are folded and the ends trimmed in `result.query`."
          },
          "page": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "default": 1,
            "description": "Source page, 1-100."
          },
          "min_price": {
            "type": "integer",
            "minimum": 0,
            "maximum": 1000000,
            "description": "Lowest price, whole US dollars; must not exceed `max_price`."
          },
          "max_price": {
            "type": "integer",
            "minimum": 0,
            "maximum": 1000000,
            "description": "Highest price, whole US dollars."
          },
          "marketplace": {
            "type": "string",
            "enum": [
              "mkt_b"
            ],
            "default": "mkt_b",
            "description": "If sent, must be `mkt_b`."
          },
          "country": {
            "type": "string",
            "enum": [
              "us"
            ],
            "default": "us",
            "description": "Only `us` is supported."
          },
          "condition": {
            "type": "string",
            "enum": [
              "nwt",
              "uln",
              "ug",
              "uf"
            ],
            "description": "One of `nwt`, `uln`, `ug`, `uf`; only one at a time."
          },
          "cursor": {
            "type": "string",
            "minLength": 1,
            "maxLength": 1900,
            "description": "Previous page's `next_cursor`. Omit on page 1; required on every later page, with every other parameter unchanged."
          }
        },
        "required": [
          "q"
        ],
        "additionalProperties": false
      },
      "output": {
        "type": "object",
        "description": "The job envelope of a mkt_b/sold search (interface 2.2).",
        "required": [
          "request_id",
          "status",
          "credits",
          "cached"
        ],
        "additionalProperties": false,
        "properties": {
          "request_id": {
            "type": "string",
            "pattern": "^req_[A-Za-z0-9]+$",
            "description": "Poll at /v1/jobs/{request_id}."
          },
          "status": {
            "type": "string",
            "enum": [
              "pending",
              "complete",
              "failed"
            ],
            "description": "Check it even on HTTP 200."
          },
          "credits": {
            "type": "integer",
            "enum": [
              0,
              1
            ],
            "description": "1 when complete, 0 while pending or when failed."
          },
          "cached": {
            "type": "boolean",
            "description": "True when the result came from the 15-minute cache."
          },
          "poll_url": {
            "type": "string",
            "description": "Only while pending: /v1/jobs/<request_id> (join it to the host root)."
          },
          "error": {
            "$ref": "#/$defs/JobError"
          },
          "result": {
            "$ref": "#/$defs/MktBSoldResult"
          }
        },
        "$defs": {
          "Comps": {
            "type": "object",
            "description": "Price figures over the rows judged `item` (the product the query names) with a USD displayed price, and how many rows of each kind the page had. An extension of the interface: `summary` of a batch item stays over every row.",
            "required": [
              "basis",
              "currency",
              "price",
              "price_with_shipping",
              "kinds"
            ],
            "additionalProperties": false,
            "properties": {
              "basis": {
                "type": "string",
                "const": "item",
                "description": "Which rows the figures are over: always `item`."
              },
              "currency": {
                "type": "string",
                "const": "USD",
                "description": "Always `USD`."
              },
              "price": {
                "$ref": "#/$defs/PriceFigures",
                "description": "Over the item rows' displayed prices."
              },
              "price_with_shipping": {
                "$ref": "#/$defs/PriceFigures",
                "description": "Over the item rows whose shipping is known (free is 0): displayed price plus shipping."
              },
              "kinds": {
                "type": "object",
                "required": [
                  "item",
                  "accessory",
                  "lot",
                  "parts",
                  "other"
                ],
                "additionalProperties": false,
                "properties": {
                  "item": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "accessory": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "lot": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "parts": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "other": {
                    "type": "integer",
                    "minimum": 0
                  }
                },
                "description": "Rows of the page of each `comp_kind`."
              }
            }
          },
          "JobError": {
            "type": "object",
            "required": [
              "code",
              "message"
            ],
            "additionalProperties": false,
            "description": "Only when failed.",
            "properties": {
              "code": {
                "type": "string",
                "enum": [
                  "rejected",
                  "filter_not_supported",
                  "page_out_of_range",
                  "not_submitted",
                  "upstream_blocked",
                  "upstream_error",
                  "upstream_timeout",
                  "collection_unavailable"
                ]
              },
              "message": {
                "type": "string"
              }
            }
          },
          "MktBSoldResult": {
            "title": "mkt_b/sold result",
            "description": "One source page of mkt_b/sold (interface 2.3).",
            "type": "object",
            "required": [
              "provider",
              "country",
              "query",
              "page",
              "page_size",
              "count",
              "reported_total",
              "next_page",
              "next_cursor",
              "collected_at",
              "schema_version",
              "completeness",
              "field_notes",
              "data",
              "comp_version",
              "comps"
            ],
            "additionalProperties": false,
            "properties": {
              "provider": {
                "type": "string",
                "const": "mkt_b",
                "description": "Marketplace token of the route."
              },
              "country": {
                "type": "string",
                "const": "us",
                "description": "Always `us`."
              },
              "query": {
                "type": "string",
                "minLength": 1,
                "maxLength": 200,
                "description": "The `q` sent, extra spaces removed."
              },
              "page": {
                "type": "integer",
                "minimum": 1,
                "maximum": 100,
                "description": "Page asked for."
              },
              "page_size": {
                "type": "integer",
                "minimum": 0,
                "description": "Rows on the source page (may exceed `count`)."
              },
              "count": {
                "type": "integer",
                "minimum": 0,
                "description": "Rows in `data`."
              },
              "reported_total": {
                "type": [
                  "integer",
                  "null"
                ],
                "minimum": 0,
                "description": "Total matches the marketplace reports; may be rounded or capped."
              },
              "next_page": {
                "type": [
                  "integer",
                  "null"
                ],
                "minimum": 2,
                "maximum": 100,
                "description": "Send as `page` for the next page; null on the last."
              },
              "next_cursor": {
                "type": [
                  "string",
                  "null"
                ],
                "minLength": 1,
                "description": "Send as `cursor` with `page` = `next_page`; null on the last page."
              },
              "collected_at": {
                "type": "string",
                "format": "date-time",
                "description": "When the page was collected (ISO 8601)."
              },
              "schema_version": {
                "type": "integer",
                "const": 1,
                "description": "Shape version of this result: 1."
              },
              "completeness": {
                "type": "string",
                "const": "provider_page_only",
                "description": "Always `provider_page_only`: one source page, not a full history."
              },
              "field_notes": {
                "type": "string",
                "description": "How to read the page."
              },
              "data": {
                "type": "array",
                "items": {
                  "$ref": "#/$defs/MktBSoldRow"
                },
                "description": "The rows."
              },
              "comp_version": {
                "type": "string",
                "minLength": 1,
                "description": "Version of the judgement rules and word lists the rows were judged with."
              },
              "comps": {
                "$ref": "#/$defs/Comps"
              }
            }
          },
          "MktBSoldRow": {
            "title": "mkt_b sold row",
            "description": "A sold (sold-out inventory) listing on mkt_b (interface 2.4).",
            "type": "object",
            "required": [
              "id",
              "title",
              "link",
              "displayed_price",
              "displayed_price_text",
              "displayed_shipping",
              "shipping_text",
              "sold_date",
              "sold_date_text",
              "condition",
              "seller_text",
              "brand",
              "size",
              "image",
              "price",
              "shipping",
              "sold_at",
              "took_offer",
              "comp_kind",
              "comp_reasons"
            ],
            "additionalProperties": false,
            "properties": {
              "id": {
                "type": "string",
                "minLength": 1,
                "description": "The marketplace's listing ID."
              },
              "title": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "Listing title."
              },
              "link": {
                "type": "string",
                "format": "uri",
                "description": "The listing on the marketplace."
              },
              "displayed_price": {
                "anyOf": [
                  {
                    "$ref": "#/$defs/Money"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "The listing ask, not a transaction amount."
              },
              "displayed_price_text": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The price as shown."
              },
              "displayed_shipping": {
                "anyOf": [
                  {
                    "$ref": "#/$defs/Money"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "Not shown by the marketplace in search; null."
              },
              "shipping_text": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "Not shown by the marketplace in search; null."
              },
              "sold_date": {
                "anyOf": [
                  {
                    "type": "string",
                    "format": "date"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "The date part of `sold_date_text`."
              },
              "sold_date_text": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "Timestamp (with UTC offset) of the inventory change to sold out."
              },
              "condition": {
                "anyOf": [
                  {
                    "type": "string",
                    "enum": [
                      "nwt",
                      "uln",
                      "ug",
                      "uf"
                    ]
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "`nwt` new with tags, `uln` like new, `ug` good, `uf` fair."
              },
              "seller_text": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The seller username."
              },
              "brand": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "Brand, when shown."
              },
              "size": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "Size, when shown."
              },
              "image": {
                "anyOf": [
                  {
                    "type": "string",
                    "format": "uri"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "Image URL on the marketplace image host, or null."
              },
              "price": {
                "type": "null",
                "description": "Reserved; always null (no verified transaction price)."
              },
              "shipping": {
                "type": "null",
                "description": "Reserved; always null."
              },
              "sold_at": {
                "type": "null",
                "description": "Reserved; always null."
              },
              "took_offer": {
                "type": "null",
                "description": "Reserved; always null."
              },
              "comp_kind": {
                "type": "string",
                "enum": [
                  "item",
                  "accessory",
                  "lot",
                  "parts",
                  "other"
                ],
                "description": "What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated)."
              },
              "comp_reasons": {
                "type": "array",
                "items": {
                  "type": "string",
                  "minLength": 1
                },
                "description": "Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code."
              }
            }
          },
          "Money": {
            "type": "object",
            "description": "A displayed amount in US dollars.",
            "required": [
              "amount",
              "currency"
            ],
            "additionalProperties": false,
            "properties": {
              "amount": {
                "type": "number",
                "minimum": 0,
                "description": "Dollars, with cents as decimals."
              },
              "currency": {
                "type": "string",
                "const": "USD",
                "description": "Always `USD`."
              }
            },
            "examples": [
              {
                "amount": 129.99,
                "currency": "USD"
              }
            ]
          },
          "PriceFigures": {
            "type": "object",
            "description": "Figures of a set of USD amounts (displayed prices: asks or headline amounts, never verified transaction prices). Every figure is null when `count` is 0.",
            "required": [
              "count",
              "median",
              "p25",
              "p75",
              "low",
              "high",
              "median_ci90"
            ],
            "additionalProperties": false,
            "properties": {
              "count": {
                "type": "integer",
                "minimum": 0,
                "description": "Amounts the figures are over."
              },
              "median": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "The middle amount, or the mean of the two middle ones."
              },
              "p25": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Lower hinge (Tukey's: the median of the lower half)."
              },
              "p75": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Upper hinge (the median of the upper half)."
              },
              "low": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Lowest amount."
              },
              "high": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Highest amount."
              },
              "median_ci90": {
                "anyOf": [
                  {
                    "type": "object",
                    "required": [
                      "low",
                      "high",
                      "level",
                      "coverage"
                    ],
                    "additionalProperties": false,
                    "properties": {
                      "low": {
                        "type": "number",
                        "description": "Lower bound: an order statistic of the amounts."
                      },
                      "high": {
                        "type": "number",
                        "description": "Upper bound: an order statistic of the amounts."
                      },
                      "level": {
                        "type": "number",
                        "const": 0.9,
                        "description": "The confidence asked for: 0.9."
                      },
                      "coverage": {
                        "type": "number",
                        "minimum": 0.9,
                        "maximum": 1,
                        "description": "The exact coverage of these two order statistics (at least `level`)."
                      }
                    }
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "A distribution-free 90 % confidence interval of the median from order statistics (binomial, no assumption on the shape of prices); null with fewer than 5 amounts."
              }
            }
          }
        }
      }
    },
    {
      "route": "mkt_b/listings",
      "cursorPaging": true,
      "summary": "Active listings on mkt_b (cursor paging)",
      "description": "One source page per call. A cache hit answers 200 with the complete job (1 credit); a miss answers 202 with a pending job to poll at `/v1/jobs/{request_id}?wait=20`. result.schema_version is 1. Pages after 1 need the previous page's `next_cursor` with `page` = `next_page` and every other parameter unchanged.",
      "input": {
        "type": "object",
        "properties": {
          "q": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "Search keywords, 1-200 characters. Runs of white space are folded and the ends trimmed in `result.query`."
          },
          "page": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "default": 1,
            "description": "Source page, 1-100."
          },
          "min_price": {
            "type": "integer",
            "minimum": 0,
            "maximum": 1000000,
            "description": "Lowest price, whole US dollars; must not exceed `max_price`."
          },
          "max_price": {
            "type": "integer",
            "minimum": 0,
            "maximum": 1000000,
            "description": "Highest price, whole US dollars."
          },
          "marketplace": {
            "type": "string",
            "enum": [
              "mkt_b"
            ],
            "default": "mkt_b",
            "description": "If sent, must be `mkt_b`."
          },
          "country": {
            "type": "string",
            "enum": [
              "us"
            ],
            "default": "us",
            "description": "Only `us` is supported."
          },
          "condition": {
            "type": "string",
            "enum": [
              "nwt",
              "uln",
              "ug",
              "uf"
            ],
            "description": "One of `nwt`, `uln`, `ug`, `uf`; only one at a time."
          },
          "cursor": {
            "type": "string",
            "minLength": 1,
            "maxLength": 1900,
            "description": "Previous page's `next_cursor`. Omit on page 1; required on every later page, with every other parameter unchanged."
          },
          "sort": {
            "type": "string",
            "enum": [
              "best_match",
              "newest",
              "price_asc"
            ],
            "default": "best_match",
            "description": "`ending_soon` is unavailable here."
          }
        },
        "required": [
          "q"
        ],
        "additionalProperties": false
      },
      "output": {
        "type": "object",
        "description": "The job envelope of a mkt_b/listings search (interface 2.2).",
        "required": [
          "request_id",
          "status",
          "credits",
          "cached"
        ],
        "additionalProperties": false,
        "properties": {
          "request_id": {
            "type": "string",
            "pattern": "^req_[A-Za-z0-9]+$",
            "description": "Poll at /v1/jobs/{request_id}."
          },
          "status": {
            "type": "string",
            "enum": [
              "pending",
              "complete",
              "failed"
            ],
            "description": "Check it even on HTTP 200."
          },
          "credits": {
            "type": "integer",
            "enum": [
              0,
              1
            ],
            "description": "1 when complete, 0 while pending or when failed."
          },
          "cached": {
            "type": "boolean",
            "description": "True when the result came from the 15-minute cache."
          },
          "poll_url": {
            "type": "string",
            "description": "Only while pending: /v1/jobs/<request_id> (join it to the host root)."
          },
          "error": {
            "$ref": "#/$defs/JobError"
          },
          "result": {
            "$ref": "#/$defs/MktBListingsResult"
          }
        },
        "$defs": {
          "Comps": {
            "type": "object",
            "description": "Price figures over the rows judged `item` (the product the query names) with a USD displayed price, and how many rows of each kind the page had. An extension of the interface: `summary` of a batch item stays over every row.",
            "required": [
              "basis",
              "currency",
              "price",
              "price_with_shipping",
              "kinds"
            ],
            "additionalProperties": false,
            "properties": {
              "basis": {
                "type": "string",
                "const": "item",
                "description": "Which rows the figures are over: always `item`."
              },
              "currency": {
                "type": "string",
                "const": "USD",
                "description": "Always `USD`."
              },
              "price": {
                "$ref": "#/$defs/PriceFigures",
                "description": "Over the item rows' displayed prices."
              },
              "price_with_shipping": {
                "$ref": "#/$defs/PriceFigures",
                "description": "Over the item rows whose shipping is known (free is 0): displayed price plus shipping."
              },
              "kinds": {
                "type": "object",
                "required": [
                  "item",
                  "accessory",
                  "lot",
                  "parts",
                  "other"
                ],
                "additionalProperties": false,
                "properties": {
                  "item": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "accessory": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "lot": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "parts": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "other": {
                    "type": "integer",
                    "minimum": 0
                  }
                },
                "description": "Rows of the page of each `comp_kind`."
              }
            }
          },
          "JobError": {
            "type": "object",
            "required": [
              "code",
              "message"
            ],
            "additionalProperties": false,
            "description": "Only when failed.",
            "properties": {
              "code": {
                "type": "string",
                "enum": [
                  "rejected",
                  "filter_not_supported",
                  "page_out_of_range",
                  "not_submitted",
                  "upstream_blocked",
                  "upstream_error",
                  "upstream_timeout",
                  "collection_unavailable"
                ]
              },
              "message": {
                "type": "string"
              }
            }
          },
          "MktBListingsResult": {
            "title": "mkt_b/listings result",
            "description": "One source page of mkt_b/listings (interface 2.3).",
            "type": "object",
            "required": [
              "provider",
              "country",
              "query",
              "page",
              "page_size",
              "count",
              "reported_total",
              "next_page",
              "next_cursor",
              "collected_at",
              "schema_version",
              "completeness",
              "field_notes",
              "data",
              "comp_version",
              "comps"
            ],
            "additionalProperties": false,
            "properties": {
              "provider": {
                "type": "string",
                "const": "mkt_b",
                "description": "Marketplace token of the route."
              },
              "country": {
                "type": "string",
                "const": "us",
                "description": "Always `us`."
              },
              "query": {
                "type": "string",
                "minLength": 1,
                "maxLength": 200,
                "description": "The `q` sent, extra spaces removed."
              },
              "page": {
                "type": "integer",
                "minimum": 1,
                "maximum": 100,
                "description": "Page asked for."
              },
              "page_size": {
                "type": "integer",
                "minimum": 0,
                "description": "Rows on the source page (may exceed `count`)."
              },
              "count": {
                "type": "integer",
                "minimum": 0,
                "description": "Rows in `data`."
              },
              "reported_total": {
                "type": [
                  "integer",
                  "null"
                ],
                "minimum": 0,
                "description": "Total matches the marketplace reports; may be rounded or capped."
              },
              "next_page": {
                "type": [
                  "integer",
                  "null"
                ],
                "minimum": 2,
                "maximum": 100,
                "description": "Send as `page` for the next page; null on the last."
              },
              "next_cursor": {
                "type": [
                  "string",
                  "null"
                ],
                "minLength": 1,
                "description": "Send as `cursor` with `page` = `next_page`; null on the last page."
              },
              "collected_at": {
                "type": "string",
                "format": "date-time",
                "description": "When the page was collected (ISO 8601)."
              },
              "schema_version": {
                "type": "integer",
                "const": 1,
                "description": "Shape version of this result: 1."
              },
              "completeness": {
                "type": "string",
                "const": "provider_page_only",
                "description": "Always `provider_page_only`: one source page, not a full history."
              },
              "field_notes": {
                "type": "string",
                "description": "How to read the page."
              },
              "data": {
                "type": "array",
                "items": {
                  "$ref": "#/$defs/MktBListingsRow"
                },
                "description": "The rows."
              },
              "comp_version": {
                "type": "string",
                "minLength": 1,
                "description": "Version of the judgement rules and word lists the rows were judged with."
              },
              "comps": {
                "$ref": "#/$defs/Comps"
              }
            }
          },
          "MktBListingsRow": {
            "title": "mkt_b listings row",
            "description": "An active listing on mkt_b (defined in docs/marketplaces/mkt_b.md; the interface does not show it).",
            "type": "object",
            "required": [
              "id",
              "title",
              "link",
              "promoted",
              "format",
              "displayed_price",
              "displayed_price_text",
              "displayed_shipping",
              "shipping_text",
              "condition",
              "brand",
              "size",
              "listed_at",
              "bid_count",
              "ends_at",
              "best_offer",
              "seller_text",
              "location_text",
              "image",
              "comp_kind",
              "comp_reasons"
            ],
            "additionalProperties": false,
            "properties": {
              "id": {
                "type": "string",
                "minLength": 1,
                "description": "The marketplace's listing ID."
              },
              "title": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "Listing title."
              },
              "link": {
                "type": "string",
                "format": "uri",
                "description": "The listing on the marketplace."
              },
              "promoted": {
                "type": "null",
                "description": "Null: search results do not say."
              },
              "format": {
                "type": "string",
                "const": "fixed_price",
                "description": "Always `fixed_price` (no auctions)."
              },
              "displayed_price": {
                "anyOf": [
                  {
                    "$ref": "#/$defs/Money"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "The asking price."
              },
              "displayed_price_text": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The price as shown."
              },
              "displayed_shipping": {
                "type": "null",
                "description": "Always null."
              },
              "shipping_text": {
                "type": "null",
                "description": "Always null."
              },
              "condition": {
                "anyOf": [
                  {
                    "type": "string",
                    "enum": [
                      "nwt",
                      "uln",
                      "ug",
                      "uf"
                    ]
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "Condition code."
              },
              "brand": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "Brand, when shown."
              },
              "size": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "Size, when shown."
              },
              "listed_at": {
                "anyOf": [
                  {
                    "type": "string",
                    "format": "date-time"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "First published, UTC ISO 8601."
              },
              "bid_count": {
                "type": "null",
                "description": "Always null."
              },
              "ends_at": {
                "type": "null",
                "description": "Always null."
              },
              "best_offer": {
                "type": "null",
                "description": "Always null."
              },
              "seller_text": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The seller username."
              },
              "location_text": {
                "type": "null",
                "description": "Always null."
              },
              "image": {
                "anyOf": [
                  {
                    "type": "string",
                    "format": "uri"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "Image URL on the marketplace image host, or null."
              },
              "comp_kind": {
                "type": "string",
                "enum": [
                  "item",
                  "accessory",
                  "lot",
                  "parts",
                  "other"
                ],
                "description": "What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated)."
              },
              "comp_reasons": {
                "type": "array",
                "items": {
                  "type": "string",
                  "minLength": 1
                },
                "description": "Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code."
              }
            }
          },
          "Money": {
            "type": "object",
            "description": "A displayed amount in US dollars.",
            "required": [
              "amount",
              "currency"
            ],
            "additionalProperties": false,
            "properties": {
              "amount": {
                "type": "number",
                "minimum": 0,
                "description": "Dollars, with cents as decimals."
              },
              "currency": {
                "type": "string",
                "const": "USD",
                "description": "Always `USD`."
              }
            },
            "examples": [
              {
                "amount": 129.99,
                "currency": "USD"
              }
            ]
          },
          "PriceFigures": {
            "type": "object",
            "description": "Figures of a set of USD amounts (displayed prices: asks or headline amounts, never verified transaction prices). Every figure is null when `count` is 0.",
            "required": [
              "count",
              "median",
              "p25",
              "p75",
              "low",
              "high",
              "median_ci90"
            ],
            "additionalProperties": false,
            "properties": {
              "count": {
                "type": "integer",
                "minimum": 0,
                "description": "Amounts the figures are over."
              },
              "median": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "The middle amount, or the mean of the two middle ones."
              },
              "p25": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Lower hinge (Tukey's: the median of the lower half)."
              },
              "p75": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Upper hinge (the median of the upper half)."
              },
              "low": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Lowest amount."
              },
              "high": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Highest amount."
              },
              "median_ci90": {
                "anyOf": [
                  {
                    "type": "object",
                    "required": [
                      "low",
                      "high",
                      "level",
                      "coverage"
                    ],
                    "additionalProperties": false,
                    "properties": {
                      "low": {
                        "type": "number",
                        "description": "Lower bound: an order statistic of the amounts."
                      },
                      "high": {
                        "type": "number",
                        "description": "Upper bound: an order statistic of the amounts."
                      },
                      "level": {
                        "type": "number",
                        "const": 0.9,
                        "description": "The confidence asked for: 0.9."
                      },
                      "coverage": {
                        "type": "number",
                        "minimum": 0.9,
                        "maximum": 1,
                        "description": "The exact coverage of these two order statistics (at least `level`)."
                      }
                    }
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "A distribution-free 90 % confidence interval of the median from order statistics (binomial, no assumption on the shape of prices); null with fewer than 5 amounts."
              }
            }
          }
        }
      }
    },
    {
      "route": "mkt_c/sold",
      "cursorPaging": true,
      "summary": "Sold listings on mkt_c (cursor paging)",
      "description": "One source page per call. A cache hit answers 200 with the complete job (1 credit); a miss answers 202 with a pending job to poll at `/v1/jobs/{request_id}?wait=20`. result.schema_version is 1. Pages after 1 need the previous page's `next_cursor` with `page` = `next_page` and every other parameter unchanged.",
      "input": {
        "type": "object",
        "properties": {
          "q": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "Search keywords, 1-200 characters. Runs of white space are folded and the ends trimmed in `result.query`."
          },
          "page": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "default": 1,
            "description": "Source page, 1-100."
          },
          "min_price": {
            "type": "integer",
            "minimum": 0,
            "maximum": 1000000,
            "description": "Lowest price, whole US dollars; must not exceed `max_price`."
          },
          "max_price": {
            "type": "integer",
            "minimum": 0,
            "maximum": 1000000,
            "description": "Highest price, whole US dollars."
          },
          "marketplace": {
            "type": "string",
            "enum": [
              "mkt_c"
            ],
            "default": "mkt_c",
            "description": "If sent, must be `mkt_c`."
          },
          "country": {
            "type": "string",
            "enum": [
              "us"
            ],
            "default": "us",
            "description": "Only `us` is supported."
          },
          "condition": {
            "type": "string",
            "enum": [
              "new",
              "like_new",
              "good",
              "fair",
              "poor"
            ],
            "description": "Rows return the label and `condition_id`."
          },
          "cursor": {
            "type": "string",
            "minLength": 1,
            "maxLength": 1900,
            "description": "Previous page's `next_cursor`. Omit on page 1; required on every later page, with every other parameter unchanged."
          },
          "count": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "default": 100,
            "description": "Most rows per page; fewer may come back."
          },
          "sort": {
            "type": "string",
            "enum": [
              "best_match",
              "newest",
              "price_asc",
              "price_desc",
              "most_popular",
              "recently_sold"
            ],
            "default": "recently_sold",
            "description": "`newest` orders by listing creation; `recently_sold` by sold time."
          },
          "category_id": {
            "type": "integer",
            "minimum": 1,
            "maximum": 2147483647,
            "description": "Numeric category ID."
          },
          "brand_id": {
            "type": "integer",
            "minimum": 1,
            "maximum": 2147483647,
            "description": "Numeric brand ID."
          }
        },
        "required": [
          "q"
        ],
        "additionalProperties": false
      },
      "output": {
        "type": "object",
        "description": "The job envelope of a mkt_c/sold search (interface 2.2).",
        "required": [
          "request_id",
          "status",
          "credits",
          "cached"
        ],
        "additionalProperties": false,
        "properties": {
          "request_id": {
            "type": "string",
            "pattern": "^req_[A-Za-z0-9]+$",
            "description": "Poll at /v1/jobs/{request_id}."
          },
          "status": {
            "type": "string",
            "enum": [
              "pending",
              "complete",
              "failed"
            ],
            "description": "Check it even on HTTP 200."
          },
          "credits": {
            "type": "integer",
            "enum": [
              0,
              1
            ],
            "description": "1 when complete, 0 while pending or when failed."
          },
          "cached": {
            "type": "boolean",
            "description": "True when the result came from the 15-minute cache."
          },
          "poll_url": {
            "type": "string",
            "description": "Only while pending: /v1/jobs/<request_id> (join it to the host root)."
          },
          "error": {
            "$ref": "#/$defs/JobError"
          },
          "result": {
            "$ref": "#/$defs/MktCSoldResult"
          }
        },
        "$defs": {
          "Comps": {
            "type": "object",
            "description": "Price figures over the rows judged `item` (the product the query names) with a USD displayed price, and how many rows of each kind the page had. An extension of the interface: `summary` of a batch item stays over every row.",
            "required": [
              "basis",
              "currency",
              "price",
              "price_with_shipping",
              "kinds"
            ],
            "additionalProperties": false,
            "properties": {
              "basis": {
                "type": "string",
                "const": "item",
                "description": "Which rows the figures are over: always `item`."
              },
              "currency": {
                "type": "string",
                "const": "USD",
                "description": "Always `USD`."
              },
              "price": {
                "$ref": "#/$defs/PriceFigures",
                "description": "Over the item rows' displayed prices."
              },
              "price_with_shipping": {
                "$ref": "#/$defs/PriceFigures",
                "description": "Over the item rows whose shipping is known (free is 0): displayed price plus shipping."
              },
              "kinds": {
                "type": "object",
                "required": [
                  "item",
                  "accessory",
                  "lot",
                  "parts",
                  "other"
                ],
                "additionalProperties": false,
                "properties": {
                  "item": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "accessory": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "lot": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "parts": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "other": {
                    "type": "integer",
                    "minimum": 0
                  }
                },
                "description": "Rows of the page of each `comp_kind`."
              }
            }
          },
          "JobError": {
            "type": "object",
            "required": [
              "code",
              "message"
            ],
            "additionalProperties": false,
            "description": "Only when failed.",
            "properties": {
              "code": {
                "type": "string",
                "enum": [
                  "rejected",
                  "filter_not_supported",
                  "page_out_of_range",
                  "not_submitted",
                  "upstream_blocked",
                  "upstream_error",
                  "upstream_timeout",
                  "collection_unavailable"
                ]
              },
              "message": {
                "type": "string"
              }
            }
          },
          "MktCSoldResult": {
            "title": "mkt_c/sold result",
            "description": "One source page of mkt_c/sold (interface 2.3).",
            "type": "object",
            "required": [
              "provider",
              "country",
              "query",
              "page",
              "page_size",
              "count",
              "reported_total",
              "next_page",
              "next_cursor",
              "collected_at",
              "schema_version",
              "completeness",
              "field_notes",
              "data",
              "comp_version",
              "comps"
            ],
            "additionalProperties": false,
            "properties": {
              "provider": {
                "type": "string",
                "const": "mkt_c",
                "description": "Marketplace token of the route."
              },
              "country": {
                "type": "string",
                "const": "us",
                "description": "Always `us`."
              },
              "query": {
                "type": "string",
                "minLength": 1,
                "maxLength": 200,
                "description": "The `q` sent, extra spaces removed."
              },
              "page": {
                "type": "integer",
                "minimum": 1,
                "maximum": 100,
                "description": "Page asked for."
              },
              "page_size": {
                "type": "integer",
                "minimum": 0,
                "description": "Rows on the source page (may exceed `count`)."
              },
              "count": {
                "type": "integer",
                "minimum": 0,
                "description": "Rows in `data`."
              },
              "reported_total": {
                "type": [
                  "integer",
                  "null"
                ],
                "minimum": 0,
                "description": "Total matches the marketplace reports; may be rounded or capped."
              },
              "next_page": {
                "type": [
                  "integer",
                  "null"
                ],
                "minimum": 2,
                "maximum": 100,
                "description": "Send as `page` for the next page; null on the last."
              },
              "next_cursor": {
                "type": [
                  "string",
                  "null"
                ],
                "minLength": 1,
                "description": "Send as `cursor` with `page` = `next_page`; null on the last page."
              },
              "collected_at": {
                "type": "string",
                "format": "date-time",
                "description": "When the page was collected (ISO 8601)."
              },
              "schema_version": {
                "type": "integer",
                "const": 1,
                "description": "Shape version of this result: 1."
              },
              "completeness": {
                "type": "string",
                "const": "provider_page_only",
                "description": "Always `provider_page_only`: one source page, not a full history."
              },
              "field_notes": {
                "type": "string",
                "description": "How to read the page."
              },
              "data": {
                "type": "array",
                "items": {
                  "$ref": "#/$defs/MktCSoldRow"
                },
                "description": "The rows."
              },
              "comp_version": {
                "type": "string",
                "minLength": 1,
                "description": "Version of the judgement rules and word lists the rows were judged with."
              },
              "comps": {
                "$ref": "#/$defs/Comps"
              }
            }
          },
          "MktCSoldRow": {
            "title": "mkt_c sold row",
            "description": "A sold listing on mkt_c (interface 2.4); sales in progress and trading items are left out.",
            "type": "object",
            "required": [
              "id",
              "title",
              "link",
              "displayed_price",
              "displayed_price_text",
              "displayed_shipping",
              "shipping_text",
              "sold_date",
              "sold_date_text",
              "condition",
              "seller_text",
              "brand",
              "size",
              "image",
              "price",
              "shipping",
              "sold_at",
              "took_offer",
              "status",
              "seller_id",
              "condition_id",
              "category_id",
              "brand_id",
              "comp_kind",
              "comp_reasons"
            ],
            "additionalProperties": false,
            "properties": {
              "id": {
                "type": "string",
                "minLength": 1,
                "description": "The marketplace's listing ID."
              },
              "title": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "Listing title."
              },
              "link": {
                "type": "string",
                "format": "uri",
                "description": "The listing on the marketplace."
              },
              "displayed_price": {
                "$ref": "#/$defs/Money",
                "description": "The price shown; always an object."
              },
              "displayed_price_text": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The price as shown."
              },
              "displayed_shipping": {
                "type": "null",
                "description": "Always null on mkt_c."
              },
              "shipping_text": {
                "type": "null",
                "description": "Always null on mkt_c."
              },
              "sold_date": {
                "anyOf": [
                  {
                    "type": "string",
                    "format": "date"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "The date part of `sold_date_text`; null when no sold time is reported."
              },
              "sold_date_text": {
                "anyOf": [
                  {
                    "type": "string",
                    "format": "date-time"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "UTC timestamp of the sale as the marketplace reports it."
              },
              "condition": {
                "anyOf": [
                  {
                    "type": "string",
                    "enum": [
                      "New",
                      "Like New",
                      "Good",
                      "Fair",
                      "Poor"
                    ]
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "Condition label."
              },
              "seller_text": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The seller ID as a string."
              },
              "brand": {
                "type": "null",
                "description": "Always null on mkt_c (see `brand_id`)."
              },
              "size": {
                "type": "null",
                "description": "Always null on mkt_c."
              },
              "image": {
                "anyOf": [
                  {
                    "type": "string",
                    "format": "uri"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "Image URL on the marketplace image host, or null."
              },
              "price": {
                "type": "null",
                "description": "Reserved; always null (no verified transaction price)."
              },
              "shipping": {
                "type": "null",
                "description": "Reserved; always null."
              },
              "sold_at": {
                "type": "null",
                "description": "Reserved; always null."
              },
              "took_offer": {
                "type": "null",
                "description": "Reserved; always null."
              },
              "status": {
                "type": "string",
                "const": "sold",
                "description": "Always `sold`."
              },
              "seller_id": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "Seller ID."
              },
              "condition_id": {
                "anyOf": [
                  {
                    "type": "integer",
                    "enum": [
                      1,
                      2,
                      3,
                      4,
                      5
                    ]
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "1 new, 2 like new, 3 good, 4 fair, 5 poor."
              },
              "category_id": {
                "anyOf": [
                  {
                    "type": "integer"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "Numeric category ID."
              },
              "brand_id": {
                "anyOf": [
                  {
                    "type": "integer"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "Numeric brand ID (the brand name is not returned)."
              },
              "comp_kind": {
                "type": "string",
                "enum": [
                  "item",
                  "accessory",
                  "lot",
                  "parts",
                  "other"
                ],
                "description": "What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated)."
              },
              "comp_reasons": {
                "type": "array",
                "items": {
                  "type": "string",
                  "minLength": 1
                },
                "description": "Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code."
              }
            }
          },
          "Money": {
            "type": "object",
            "description": "A displayed amount in US dollars.",
            "required": [
              "amount",
              "currency"
            ],
            "additionalProperties": false,
            "properties": {
              "amount": {
                "type": "number",
                "minimum": 0,
                "description": "Dollars, with cents as decimals."
              },
              "currency": {
                "type": "string",
                "const": "USD",
                "description": "Always `USD`."
              }
            },
            "examples": [
              {
                "amount": 129.99,
                "currency": "USD"
              }
            ]
          },
          "PriceFigures": {
            "type": "object",
            "description": "Figures of a set of USD amounts (displayed prices: asks or headline amounts, never verified transaction prices). Every figure is null when `count` is 0.",
            "required": [
              "count",
              "median",
              "p25",
              "p75",
              "low",
              "high",
              "median_ci90"
            ],
            "additionalProperties": false,
            "properties": {
              "count": {
                "type": "integer",
                "minimum": 0,
                "description": "Amounts the figures are over."
              },
              "median": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "The middle amount, or the mean of the two middle ones."
              },
              "p25": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Lower hinge (Tukey's: the median of the lower half)."
              },
              "p75": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Upper hinge (the median of the upper half)."
              },
              "low": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Lowest amount."
              },
              "high": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Highest amount."
              },
              "median_ci90": {
                "anyOf": [
                  {
                    "type": "object",
                    "required": [
                      "low",
                      "high",
                      "level",
                      "coverage"
                    ],
                    "additionalProperties": false,
                    "properties": {
                      "low": {
                        "type": "number",
                        "description": "Lower bound: an order statistic of the amounts."
                      },
                      "high": {
                        "type": "number",
                        "description": "Upper bound: an order statistic of the amounts."
                      },
                      "level": {
                        "type": "number",
                        "const": 0.9,
                        "description": "The confidence asked for: 0.9."
                      },
                      "coverage": {
                        "type": "number",
                        "minimum": 0.9,
                        "maximum": 1,
                        "description": "The exact coverage of these two order statistics (at least `level`)."
                      }
                    }
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "A distribution-free 90 % confidence interval of the median from order statistics (binomial, no assumption on the shape of prices); null with fewer than 5 amounts."
              }
            }
          }
        }
      }
    },
    {
      "route": "mkt_d/listings",
      "cursorPaging": true,
      "summary": "Active listings on mkt_d (cursor paging)",
      "description": "One source page per call. A cache hit answers 200 with the complete job (1 credit); a miss answers 202 with a pending job to poll at `/v1/jobs/{request_id}?wait=20`. result.schema_version is 1. Pages after 1 need the previous page's `next_cursor` with `page` = `next_page` and every other parameter unchanged.",
      "input": {
        "type": "object",
        "properties": {
          "q": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "Search keywords, 1-200 characters. Runs of white space are folded and the ends trimmed in `result.query`."
          },
          "page": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "default": 1,
            "description": "Source page, 1-100."
          },
          "min_price": {
            "type": "integer",
            "minimum": 0,
            "maximum": 1000000,
            "description": "Lowest price, whole US dollars; must not exceed `max_price`."
          },
          "max_price": {
            "type": "integer",
            "minimum": 0,
            "maximum": 1000000,
            "description": "Highest price, whole US dollars."
          },
          "marketplace": {
            "type": "string",
            "enum": [
              "mkt_d"
            ],
            "default": "mkt_d",
            "description": "If sent, must be `mkt_d`."
          },
          "country": {
            "type": "string",
            "enum": [
              "us"
            ],
            "default": "us",
            "description": "Only `us` is supported."
          },
          "condition": {
            "type": "string",
            "enum": [
              "brand_new",
              "used_like_new",
              "used_excellent",
              "used_good",
              "used_fair"
            ],
            "description": "Rows return the same codes."
          },
          "count": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "default": 24,
            "description": "Most rows per page; fewer may come back."
          },
          "cursor": {
            "type": "string",
            "minLength": 1,
            "maxLength": 1900,
            "description": "Previous page's `next_cursor`. Omit on page 1; required on every later page, with every other parameter unchanged."
          }
        },
        "required": [
          "q"
        ],
        "additionalProperties": false
      },
      "output": {
        "type": "object",
        "description": "The job envelope of a mkt_d/listings search (interface 2.2).",
        "required": [
          "request_id",
          "status",
          "credits",
          "cached"
        ],
        "additionalProperties": false,
        "properties": {
          "request_id": {
            "type": "string",
            "pattern": "^req_[A-Za-z0-9]+$",
            "description": "Poll at /v1/jobs/{request_id}."
          },
          "status": {
            "type": "string",
            "enum": [
              "pending",
              "complete",
              "failed"
            ],
            "description": "Check it even on HTTP 200."
          },
          "credits": {
            "type": "integer",
            "enum": [
              0,
              1
            ],
            "description": "1 when complete, 0 while pending or when failed."
          },
          "cached": {
            "type": "boolean",
            "description": "True when the result came from the 15-minute cache."
          },
          "poll_url": {
            "type": "string",
            "description": "Only while pending: /v1/jobs/<request_id> (join it to the host root)."
          },
          "error": {
            "$ref": "#/$defs/JobError"
          },
          "result": {
            "$ref": "#/$defs/MktDListingsResult"
          }
        },
        "$defs": {
          "Comps": {
            "type": "object",
            "description": "Price figures over the rows judged `item` (the product the query names) with a USD displayed price, and how many rows of each kind the page had. An extension of the interface: `summary` of a batch item stays over every row.",
            "required": [
              "basis",
              "currency",
              "price",
              "price_with_shipping",
              "kinds"
            ],
            "additionalProperties": false,
            "properties": {
              "basis": {
                "type": "string",
                "const": "item",
                "description": "Which rows the figures are over: always `item`."
              },
              "currency": {
                "type": "string",
                "const": "USD",
                "description": "Always `USD`."
              },
              "price": {
                "$ref": "#/$defs/PriceFigures",
                "description": "Over the item rows' displayed prices."
              },
              "price_with_shipping": {
                "$ref": "#/$defs/PriceFigures",
                "description": "Over the item rows whose shipping is known (free is 0): displayed price plus shipping."
              },
              "kinds": {
                "type": "object",
                "required": [
                  "item",
                  "accessory",
                  "lot",
                  "parts",
                  "other"
                ],
                "additionalProperties": false,
                "properties": {
                  "item": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "accessory": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "lot": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "parts": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "other": {
                    "type": "integer",
                    "minimum": 0
                  }
                },
                "description": "Rows of the page of each `comp_kind`."
              }
            }
          },
          "JobError": {
            "type": "object",
            "required": [
              "code",
              "message"
            ],
            "additionalProperties": false,
            "description": "Only when failed.",
            "properties": {
              "code": {
                "type": "string",
                "enum": [
                  "rejected",
                  "filter_not_supported",
                  "page_out_of_range",
                  "not_submitted",
                  "upstream_blocked",
                  "upstream_error",
                  "upstream_timeout",
                  "collection_unavailable"
                ]
              },
              "message": {
                "type": "string"
              }
            }
          },
          "MktDListingsResult": {
            "title": "mkt_d/listings result",
            "description": "One source page of mkt_d/listings (interface 2.3).",
            "type": "object",
            "required": [
              "provider",
              "country",
              "query",
              "page",
              "page_size",
              "count",
              "reported_total",
              "next_page",
              "next_cursor",
              "collected_at",
              "schema_version",
              "completeness",
              "field_notes",
              "data",
              "comp_version",
              "comps"
            ],
            "additionalProperties": false,
            "properties": {
              "provider": {
                "type": "string",
                "const": "mkt_d",
                "description": "Marketplace token of the route."
              },
              "country": {
                "type": "string",
                "const": "us",
                "description": "Always `us`."
              },
              "query": {
                "type": "string",
                "minLength": 1,
                "maxLength": 200,
                "description": "The `q` sent, extra spaces removed."
              },
              "page": {
                "type": "integer",
                "minimum": 1,
                "maximum": 100,
                "description": "Page asked for."
              },
              "page_size": {
                "type": "integer",
                "minimum": 0,
                "description": "Rows on the source page (may exceed `count`)."
              },
              "count": {
                "type": "integer",
                "minimum": 0,
                "description": "Rows in `data`."
              },
              "reported_total": {
                "type": [
                  "integer",
                  "null"
                ],
                "minimum": 0,
                "description": "Total matches the marketplace reports; may be rounded or capped."
              },
              "next_page": {
                "type": [
                  "integer",
                  "null"
                ],
                "minimum": 2,
                "maximum": 100,
                "description": "Send as `page` for the next page; null on the last."
              },
              "next_cursor": {
                "type": [
                  "string",
                  "null"
                ],
                "minLength": 1,
                "description": "Send as `cursor` with `page` = `next_page`; null on the last page."
              },
              "collected_at": {
                "type": "string",
                "format": "date-time",
                "description": "When the page was collected (ISO 8601)."
              },
              "schema_version": {
                "type": "integer",
                "const": 1,
                "description": "Shape version of this result: 1."
              },
              "completeness": {
                "type": "string",
                "const": "provider_page_only",
                "description": "Always `provider_page_only`: one source page, not a full history."
              },
              "field_notes": {
                "type": "string",
                "description": "How to read the page."
              },
              "data": {
                "type": "array",
                "items": {
                  "$ref": "#/$defs/MktDListingsRow"
                },
                "description": "The rows."
              },
              "comp_version": {
                "type": "string",
                "minLength": 1,
                "description": "Version of the judgement rules and word lists the rows were judged with."
              },
              "comps": {
                "$ref": "#/$defs/Comps"
              }
            }
          },
          "MktDListingsRow": {
            "title": "mkt_d listings row",
            "description": "An active USD listing on mkt_d (interface 2.5); other currencies and inactive listings are dropped.",
            "type": "object",
            "required": [
              "id",
              "title",
              "link",
              "displayed_price",
              "displayed_price_text",
              "price_includes",
              "displayed_shipping",
              "shipping_text",
              "condition",
              "seller_text",
              "brand",
              "size",
              "image",
              "status",
              "promoted",
              "format",
              "listed_at",
              "bid_count",
              "ends_at",
              "best_offer",
              "location_text",
              "comp_kind",
              "comp_reasons"
            ],
            "additionalProperties": false,
            "properties": {
              "id": {
                "type": "string",
                "minLength": 1,
                "description": "The marketplace's listing ID."
              },
              "title": {
                "anyOf": [
                  {
                    "type": "string",
                    "maxLength": 2000
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "The listing description, up to 2,000 characters."
              },
              "link": {
                "type": "string",
                "format": "uri",
                "description": "The listing on the marketplace."
              },
              "displayed_price": {
                "$ref": "#/$defs/Money",
                "description": "The headline USD price; may include buyer fee, shipping or tax (`price_includes`); not the checkout total."
              },
              "displayed_price_text": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The price as text."
              },
              "price_includes": {
                "type": "array",
                "uniqueItems": true,
                "items": {
                  "type": "string",
                  "enum": [
                    "buyer_fee",
                    "shipping_price",
                    "tax"
                  ]
                },
                "description": "What the headline price includes; empty means none."
              },
              "displayed_shipping": {
                "type": "null",
                "description": "Always null."
              },
              "shipping_text": {
                "type": "null",
                "description": "Always null."
              },
              "condition": {
                "anyOf": [
                  {
                    "type": "string",
                    "enum": [
                      "brand_new",
                      "used_like_new",
                      "used_excellent",
                      "used_good",
                      "used_fair"
                    ]
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "Condition code."
              },
              "seller_text": {
                "type": "null",
                "description": "Always null."
              },
              "brand": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "Brand."
              },
              "size": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "Available sizes."
              },
              "image": {
                "anyOf": [
                  {
                    "type": "string",
                    "format": "uri"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "Image URL on the marketplace image host, or null."
              },
              "status": {
                "type": "string",
                "const": "active",
                "description": "Always `active`."
              },
              "promoted": {
                "type": [
                  "boolean",
                  "null"
                ],
                "description": "Boosted."
              },
              "format": {
                "type": "string",
                "const": "fixed_price",
                "description": "Always `fixed_price`."
              },
              "listed_at": {
                "type": "null",
                "description": "Always null."
              },
              "bid_count": {
                "type": "null",
                "description": "Always null."
              },
              "ends_at": {
                "type": "null",
                "description": "Always null."
              },
              "best_offer": {
                "type": "null",
                "description": "Always null."
              },
              "location_text": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "Location as shown."
              },
              "comp_kind": {
                "type": "string",
                "enum": [
                  "item",
                  "accessory",
                  "lot",
                  "parts",
                  "other"
                ],
                "description": "What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated)."
              },
              "comp_reasons": {
                "type": "array",
                "items": {
                  "type": "string",
                  "minLength": 1
                },
                "description": "Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code."
              }
            }
          },
          "Money": {
            "type": "object",
            "description": "A displayed amount in US dollars.",
            "required": [
              "amount",
              "currency"
            ],
            "additionalProperties": false,
            "properties": {
              "amount": {
                "type": "number",
                "minimum": 0,
                "description": "Dollars, with cents as decimals."
              },
              "currency": {
                "type": "string",
                "const": "USD",
                "description": "Always `USD`."
              }
            },
            "examples": [
              {
                "amount": 129.99,
                "currency": "USD"
              }
            ]
          },
          "PriceFigures": {
            "type": "object",
            "description": "Figures of a set of USD amounts (displayed prices: asks or headline amounts, never verified transaction prices). Every figure is null when `count` is 0.",
            "required": [
              "count",
              "median",
              "p25",
              "p75",
              "low",
              "high",
              "median_ci90"
            ],
            "additionalProperties": false,
            "properties": {
              "count": {
                "type": "integer",
                "minimum": 0,
                "description": "Amounts the figures are over."
              },
              "median": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "The middle amount, or the mean of the two middle ones."
              },
              "p25": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Lower hinge (Tukey's: the median of the lower half)."
              },
              "p75": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Upper hinge (the median of the upper half)."
              },
              "low": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Lowest amount."
              },
              "high": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Highest amount."
              },
              "median_ci90": {
                "anyOf": [
                  {
                    "type": "object",
                    "required": [
                      "low",
                      "high",
                      "level",
                      "coverage"
                    ],
                    "additionalProperties": false,
                    "properties": {
                      "low": {
                        "type": "number",
                        "description": "Lower bound: an order statistic of the amounts."
                      },
                      "high": {
                        "type": "number",
                        "description": "Upper bound: an order statistic of the amounts."
                      },
                      "level": {
                        "type": "number",
                        "const": 0.9,
                        "description": "The confidence asked for: 0.9."
                      },
                      "coverage": {
                        "type": "number",
                        "minimum": 0.9,
                        "maximum": 1,
                        "description": "The exact coverage of these two order statistics (at least `level`)."
                      }
                    }
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "A distribution-free 90 % confidence interval of the median from order statistics (binomial, no assumption on the shape of prices); null with fewer than 5 amounts."
              }
            }
          }
        }
      }
    },
    {
      "route": "mkt_e/listings",
      "cursorPaging": true,
      "summary": "Active listings on mkt_e (cursor paging)",
      "description": "One source page per call. A cache hit answers 200 with the complete job (1 credit); a miss answers 202 with a pending job to poll at `/v1/jobs/{request_id}?wait=20`. result.schema_version is 2. Pages after 1 need the previous page's `next_cursor` with `page` = `next_page` and every other parameter unchanged.",
      "input": {
        "type": "object",
        "properties": {
          "q": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "Search keywords, 1-200 characters. Runs of white space are folded and the ends trimmed in `result.query`."
          },
          "page": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "default": 1,
            "description": "Source page, 1-100."
          },
          "min_price": {
            "type": "integer",
            "minimum": 0,
            "maximum": 1000000,
            "description": "Lowest price, whole US dollars; must not exceed `max_price`."
          },
          "max_price": {
            "type": "integer",
            "minimum": 0,
            "maximum": 1000000,
            "description": "Highest price, whole US dollars."
          },
          "marketplace": {
            "type": "string",
            "enum": [
              "mkt_e"
            ],
            "default": "mkt_e",
            "description": "If sent, must be `mkt_e`."
          },
          "country": {
            "type": "string",
            "enum": [
              "us"
            ],
            "default": "us",
            "description": "Only `us` is supported."
          },
          "zip": {
            "type": "string",
            "minLength": 5,
            "maxLength": 5,
            "pattern": "^[0-9]{5}$",
            "description": "Five-digit US ZIP; send `zip`, or both `lat` and `lon`. The search centres on the Census point of the ZIP."
          },
          "lat": {
            "type": "number",
            "minimum": 17,
            "maximum": 72,
            "description": "Latitude, decimal degrees, rounded to 4 decimals; with `lon`."
          },
          "lon": {
            "type": "number",
            "minimum": -180,
            "maximum": -64,
            "description": "Longitude, decimal degrees, rounded to 4 decimals; with `lat`."
          },
          "radius": {
            "type": "integer",
            "enum": [
              5,
              10,
              20,
              25,
              30,
              50,
              80,
              100,
              200,
              5000
            ],
            "description": "Miles. Ordinary searches offer 5, 10, 20, 30, 50 (default 30); vehicle searches 25, 80, 100, 200, 5000 (default 80). A value not offered becomes the widest offered value below it, else the smallest offered. Default: 30, or 80 on a vehicle search."
          },
          "category": {
            "type": "string",
            "minLength": 1,
            "maxLength": 8,
            "pattern": "^[1-9][0-9]?(\\.[1-9][0-9]?)?$",
            "description": "Category ID such as `5`, `5.1`, `1.2`."
          },
          "condition": {
            "type": "array",
            "minItems": 1,
            "uniqueItems": true,
            "items": {
              "type": "string",
              "enum": [
                "new",
                "open_box",
                "refurbished",
                "used",
                "for_parts",
                "other"
              ]
            },
            "description": "Comma-separated list. Send comma-separated, each value once."
          },
          "sort": {
            "type": "string",
            "enum": [
              "best_match",
              "newest",
              "nearest",
              "price_asc",
              "price_desc",
              "newest_model",
              "lowest_mileage"
            ],
            "default": "best_match",
            "description": "`newest_model` and `lowest_mileage` only on vehicle searches."
          },
          "vehicle_make": {
            "type": "array",
            "minItems": 1,
            "uniqueItems": true,
            "items": {
              "type": "string",
              "enum": [
                "abarth",
                "acura",
                "alfa_romeo",
                "am_general",
                "aston_martin",
                "audi",
                "bentley",
                "bmw",
                "bugatti",
                "buick",
                "cadillac",
                "chevrolet",
                "chrysler",
                "daewoo",
                "daihatsu",
                "datsun",
                "dodge",
                "eagle",
                "ferrari",
                "fiat",
                "fisker",
                "ford",
                "genesis",
                "gmc",
                "honda",
                "hummer",
                "hyundai",
                "infiniti",
                "isuzu",
                "jaguar",
                "jeep",
                "kia",
                "lamborghini",
                "land_rover",
                "lexus",
                "lincoln",
                "lotus",
                "maserati",
                "mazda",
                "mclaren",
                "mercedes_benz",
                "mercury",
                "mini",
                "mitsubishi",
                "nissan",
                "oldsmobile",
                "plymouth",
                "pontiac",
                "porsche",
                "ram",
                "rolls_royce",
                "saab",
                "saturn",
                "scion",
                "smart",
                "subaru",
                "suzuki",
                "tesla",
                "toyota",
                "volkswagen",
                "volvo"
              ]
            },
            "description": "Comma-separated manufacturer identifiers (lowercase, spaces as underscores). Vehicle searches only. Send comma-separated, each value once."
          },
          "vehicle_max_mileage": {
            "type": "integer",
            "enum": [
              0,
              25000,
              50000,
              75000,
              100000,
              125000,
              150000,
              175000,
              200000
            ],
            "description": "Vehicle searches only."
          },
          "vehicle_style": {
            "type": "array",
            "minItems": 1,
            "uniqueItems": true,
            "items": {
              "type": "string",
              "enum": [
                "car",
                "suv",
                "truck",
                "van"
              ]
            },
            "description": "Vehicle searches only. Send comma-separated, each value once."
          },
          "vehicle_transmission": {
            "type": "string",
            "enum": [
              "automatic",
              "manual"
            ],
            "description": "Vehicle searches only."
          },
          "vehicle_drivetrain": {
            "type": "array",
            "minItems": 1,
            "uniqueItems": true,
            "items": {
              "type": "string",
              "enum": [
                "awd",
                "fwd",
                "rwd"
              ]
            },
            "description": "Vehicle searches only. Send comma-separated, each value once."
          },
          "cursor": {
            "type": "string",
            "minLength": 1,
            "maxLength": 1900,
            "description": "Previous page's `next_cursor`. Omit on page 1; required on every later page, with every other parameter unchanged."
          }
        },
        "required": [
          "q"
        ],
        "additionalProperties": false
      },
      "output": {
        "type": "object",
        "description": "The job envelope of a mkt_e/listings search (interface 2.2).",
        "required": [
          "request_id",
          "status",
          "credits",
          "cached"
        ],
        "additionalProperties": false,
        "properties": {
          "request_id": {
            "type": "string",
            "pattern": "^req_[A-Za-z0-9]+$",
            "description": "Poll at /v1/jobs/{request_id}."
          },
          "status": {
            "type": "string",
            "enum": [
              "pending",
              "complete",
              "failed"
            ],
            "description": "Check it even on HTTP 200."
          },
          "credits": {
            "type": "integer",
            "enum": [
              0,
              1
            ],
            "description": "1 when complete, 0 while pending or when failed."
          },
          "cached": {
            "type": "boolean",
            "description": "True when the result came from the 15-minute cache."
          },
          "poll_url": {
            "type": "string",
            "description": "Only while pending: /v1/jobs/<request_id> (join it to the host root)."
          },
          "error": {
            "$ref": "#/$defs/JobError"
          },
          "result": {
            "$ref": "#/$defs/MktEListingsResult"
          }
        },
        "$defs": {
          "Comps": {
            "type": "object",
            "description": "Price figures over the rows judged `item` (the product the query names) with a USD displayed price, and how many rows of each kind the page had. An extension of the interface: `summary` of a batch item stays over every row.",
            "required": [
              "basis",
              "currency",
              "price",
              "price_with_shipping",
              "kinds"
            ],
            "additionalProperties": false,
            "properties": {
              "basis": {
                "type": "string",
                "const": "item",
                "description": "Which rows the figures are over: always `item`."
              },
              "currency": {
                "type": "string",
                "const": "USD",
                "description": "Always `USD`."
              },
              "price": {
                "$ref": "#/$defs/PriceFigures",
                "description": "Over the item rows' displayed prices."
              },
              "price_with_shipping": {
                "$ref": "#/$defs/PriceFigures",
                "description": "Over the item rows whose shipping is known (free is 0): displayed price plus shipping."
              },
              "kinds": {
                "type": "object",
                "required": [
                  "item",
                  "accessory",
                  "lot",
                  "parts",
                  "other"
                ],
                "additionalProperties": false,
                "properties": {
                  "item": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "accessory": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "lot": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "parts": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "other": {
                    "type": "integer",
                    "minimum": 0
                  }
                },
                "description": "Rows of the page of each `comp_kind`."
              }
            }
          },
          "JobError": {
            "type": "object",
            "required": [
              "code",
              "message"
            ],
            "additionalProperties": false,
            "description": "Only when failed.",
            "properties": {
              "code": {
                "type": "string",
                "enum": [
                  "rejected",
                  "filter_not_supported",
                  "page_out_of_range",
                  "not_submitted",
                  "upstream_blocked",
                  "upstream_error",
                  "upstream_timeout",
                  "collection_unavailable"
                ]
              },
              "message": {
                "type": "string"
              }
            }
          },
          "MktEListingsResult": {
            "title": "mkt_e/listings result",
            "description": "One source page of mkt_e/listings (interface 2.3).",
            "type": "object",
            "required": [
              "provider",
              "country",
              "query",
              "page",
              "page_size",
              "count",
              "reported_total",
              "next_page",
              "next_cursor",
              "collected_at",
              "schema_version",
              "completeness",
              "field_notes",
              "data",
              "location",
              "category_id",
              "vehicle_search",
              "comp_version",
              "comps"
            ],
            "additionalProperties": false,
            "properties": {
              "provider": {
                "type": "string",
                "const": "mkt_e",
                "description": "Marketplace token of the route."
              },
              "country": {
                "type": "string",
                "const": "us",
                "description": "Always `us`."
              },
              "query": {
                "type": "string",
                "minLength": 1,
                "maxLength": 200,
                "description": "The `q` sent, extra spaces removed."
              },
              "page": {
                "type": "integer",
                "minimum": 1,
                "maximum": 100,
                "description": "Page asked for."
              },
              "page_size": {
                "type": "integer",
                "minimum": 0,
                "description": "Rows on the source page (may exceed `count`)."
              },
              "count": {
                "type": "integer",
                "minimum": 0,
                "description": "Rows in `data`."
              },
              "reported_total": {
                "type": [
                  "integer",
                  "null"
                ],
                "minimum": 0,
                "description": "Total matches the marketplace reports; may be rounded or capped."
              },
              "next_page": {
                "type": [
                  "integer",
                  "null"
                ],
                "minimum": 2,
                "maximum": 100,
                "description": "Send as `page` for the next page; null on the last."
              },
              "next_cursor": {
                "type": [
                  "string",
                  "null"
                ],
                "minLength": 1,
                "description": "Send as `cursor` with `page` = `next_page`; null on the last page."
              },
              "collected_at": {
                "type": "string",
                "format": "date-time",
                "description": "When the page was collected (ISO 8601)."
              },
              "schema_version": {
                "type": "integer",
                "const": 2,
                "description": "Shape version of this result: 2."
              },
              "completeness": {
                "type": "string",
                "const": "provider_page_only",
                "description": "Always `provider_page_only`: one source page, not a full history."
              },
              "field_notes": {
                "type": "string",
                "description": "How to read the page."
              },
              "data": {
                "type": "array",
                "items": {
                  "$ref": "#/$defs/MktEListingsRow"
                },
                "description": "The rows."
              },
              "location": {
                "type": "object",
                "description": "Where the search was centred and how far it reached.",
                "required": [
                  "zip",
                  "latitude",
                  "longitude",
                  "radius_miles",
                  "requested_radius_miles",
                  "widened_radius_miles"
                ],
                "additionalProperties": false,
                "properties": {
                  "zip": {
                    "anyOf": [
                      {
                        "type": "string",
                        "pattern": "^[0-9]{5}$"
                      },
                      {
                        "type": "null"
                      }
                    ],
                    "description": "The ZIP sent, or null when `lat`/`lon` were sent."
                  },
                  "latitude": {
                    "type": "number",
                    "minimum": -90,
                    "maximum": 90,
                    "description": "Centre, decimal degrees."
                  },
                  "longitude": {
                    "type": "number",
                    "minimum": -180,
                    "maximum": 180,
                    "description": "Centre, decimal degrees."
                  },
                  "radius_miles": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "The radius applied."
                  },
                  "requested_radius_miles": {
                    "anyOf": [
                      {
                        "type": "integer"
                      },
                      {
                        "type": "null"
                      }
                    ],
                    "description": "The `radius` sent, or null."
                  },
                  "widened_radius_miles": {
                    "anyOf": [
                      {
                        "type": "integer"
                      },
                      {
                        "type": "null"
                      }
                    ],
                    "description": "The wider radius the marketplace used for this page when nearby results ran out, else null."
                  }
                }
              },
              "category_id": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The category the marketplace applied, including one inferred from keywords (`5.1` cars and trucks)."
              },
              "vehicle_search": {
                "type": "boolean",
                "description": "The search was treated as cars and trucks."
              },
              "comp_version": {
                "type": "string",
                "minLength": 1,
                "description": "Version of the judgement rules and word lists the rows were judged with."
              },
              "comps": {
                "$ref": "#/$defs/Comps"
              }
            }
          },
          "MktEListingsRow": {
            "title": "mkt_e listings row",
            "description": "A local active listing on mkt_e (interface 2.5).",
            "type": "object",
            "required": [
              "id",
              "title",
              "link",
              "displayed_price",
              "displayed_price_text",
              "call_for_price",
              "firm_price",
              "condition",
              "location_text",
              "city",
              "state",
              "image",
              "vehicle_miles",
              "promoted",
              "flags",
              "comp_kind",
              "comp_reasons"
            ],
            "additionalProperties": false,
            "properties": {
              "id": {
                "type": "string",
                "minLength": 1,
                "description": "The marketplace's listing ID."
              },
              "title": {
                "type": "string",
                "maxLength": 2000,
                "description": "Title, up to 2,000 characters."
              },
              "link": {
                "type": "string",
                "format": "uri",
                "description": "The listing on the marketplace."
              },
              "displayed_price": {
                "anyOf": [
                  {
                    "$ref": "#/$defs/Money"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "USD ask; null when the seller asks buyers to call."
              },
              "displayed_price_text": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The price as text."
              },
              "call_for_price": {
                "type": "boolean",
                "description": "The seller asks buyers to call for the price."
              },
              "firm_price": {
                "type": [
                  "boolean",
                  "null"
                ],
                "description": "The seller marked the price firm."
              },
              "condition": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "Condition; usually null in search."
              },
              "location_text": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The area the seller chose, not an address."
              },
              "city": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "From `City, ST` text."
              },
              "state": {
                "anyOf": [
                  {
                    "type": "string",
                    "pattern": "^[A-Z]{2}$"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "Two-letter state."
              },
              "image": {
                "anyOf": [
                  {
                    "type": "string",
                    "format": "uri"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "Thumbnail URL."
              },
              "vehicle_miles": {
                "anyOf": [
                  {
                    "type": "integer",
                    "minimum": 0
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "Odometer miles of a vehicle."
              },
              "promoted": {
                "type": "boolean",
                "description": "Paid placement."
              },
              "flags": {
                "type": "array",
                "items": {
                  "type": "string"
                },
                "description": "Raw source flags (local pickup, call for price, …)."
              },
              "comp_kind": {
                "type": "string",
                "enum": [
                  "item",
                  "accessory",
                  "lot",
                  "parts",
                  "other"
                ],
                "description": "What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated)."
              },
              "comp_reasons": {
                "type": "array",
                "items": {
                  "type": "string",
                  "minLength": 1
                },
                "description": "Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code."
              }
            }
          },
          "Money": {
            "type": "object",
            "description": "A displayed amount in US dollars.",
            "required": [
              "amount",
              "currency"
            ],
            "additionalProperties": false,
            "properties": {
              "amount": {
                "type": "number",
                "minimum": 0,
                "description": "Dollars, with cents as decimals."
              },
              "currency": {
                "type": "string",
                "const": "USD",
                "description": "Always `USD`."
              }
            },
            "examples": [
              {
                "amount": 129.99,
                "currency": "USD"
              }
            ]
          },
          "PriceFigures": {
            "type": "object",
            "description": "Figures of a set of USD amounts (displayed prices: asks or headline amounts, never verified transaction prices). Every figure is null when `count` is 0.",
            "required": [
              "count",
              "median",
              "p25",
              "p75",
              "low",
              "high",
              "median_ci90"
            ],
            "additionalProperties": false,
            "properties": {
              "count": {
                "type": "integer",
                "minimum": 0,
                "description": "Amounts the figures are over."
              },
              "median": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "The middle amount, or the mean of the two middle ones."
              },
              "p25": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Lower hinge (Tukey's: the median of the lower half)."
              },
              "p75": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Upper hinge (the median of the upper half)."
              },
              "low": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Lowest amount."
              },
              "high": {
                "type": [
                  "number",
                  "null"
                ],
                "description": "Highest amount."
              },
              "median_ci90": {
                "anyOf": [
                  {
                    "type": "object",
                    "required": [
                      "low",
                      "high",
                      "level",
                      "coverage"
                    ],
                    "additionalProperties": false,
                    "properties": {
                      "low": {
                        "type": "number",
                        "description": "Lower bound: an order statistic of the amounts."
                      },
                      "high": {
                        "type": "number",
                        "description": "Upper bound: an order statistic of the amounts."
                      },
                      "level": {
                        "type": "number",
                        "const": 0.9,
                        "description": "The confidence asked for: 0.9."
                      },
                      "coverage": {
                        "type": "number",
                        "minimum": 0.9,
                        "maximum": 1,
                        "description": "The exact coverage of these two order statistics (at least `level`)."
                      }
                    }
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "A distribution-free 90 % confidence interval of the median from order statistics (binomial, no assumption on the shape of prices); null with fewer than 5 amounts."
              }
            }
          }
        }
      }
    }
  ],
  "job": {
    "type": "object",
    "description": "The job envelope (interface 2.2) of any route.",
    "required": [
      "request_id",
      "status",
      "credits",
      "cached"
    ],
    "additionalProperties": false,
    "properties": {
      "request_id": {
        "type": "string",
        "pattern": "^req_[A-Za-z0-9]+$",
        "description": "Poll at /v1/jobs/{request_id}."
      },
      "status": {
        "type": "string",
        "enum": [
          "pending",
          "complete",
          "failed"
        ],
        "description": "Check it even on HTTP 200."
      },
      "credits": {
        "type": "integer",
        "enum": [
          0,
          1
        ],
        "description": "1 when complete, 0 while pending or when failed."
      },
      "cached": {
        "type": "boolean",
        "description": "True when the result came from the 15-minute cache."
      },
      "poll_url": {
        "type": "string",
        "description": "Only while pending: /v1/jobs/<request_id> (join it to the host root)."
      },
      "error": {
        "$ref": "#/$defs/JobError"
      },
      "result": {
        "anyOf": [
          {
            "$ref": "#/$defs/MktASoldResult"
          },
          {
            "$ref": "#/$defs/MktAListingsResult"
          },
          {
            "$ref": "#/$defs/MktBSoldResult"
          },
          {
            "$ref": "#/$defs/MktBListingsResult"
          },
          {
            "$ref": "#/$defs/MktCSoldResult"
          },
          {
            "$ref": "#/$defs/MktDListingsResult"
          },
          {
            "$ref": "#/$defs/MktEListingsResult"
          }
        ],
        "description": "Only when complete: one source page of the route searched."
      }
    },
    "$defs": {
      "Comps": {
        "type": "object",
        "description": "Price figures over the rows judged `item` (the product the query names) with a USD displayed price, and how many rows of each kind the page had. An extension of the interface: `summary` of a batch item stays over every row.",
        "required": [
          "basis",
          "currency",
          "price",
          "price_with_shipping",
          "kinds"
        ],
        "additionalProperties": false,
        "properties": {
          "basis": {
            "type": "string",
            "const": "item",
            "description": "Which rows the figures are over: always `item`."
          },
          "currency": {
            "type": "string",
            "const": "USD",
            "description": "Always `USD`."
          },
          "price": {
            "$ref": "#/$defs/PriceFigures",
            "description": "Over the item rows' displayed prices."
          },
          "price_with_shipping": {
            "$ref": "#/$defs/PriceFigures",
            "description": "Over the item rows whose shipping is known (free is 0): displayed price plus shipping."
          },
          "kinds": {
            "type": "object",
            "required": [
              "item",
              "accessory",
              "lot",
              "parts",
              "other"
            ],
            "additionalProperties": false,
            "properties": {
              "item": {
                "type": "integer",
                "minimum": 0
              },
              "accessory": {
                "type": "integer",
                "minimum": 0
              },
              "lot": {
                "type": "integer",
                "minimum": 0
              },
              "parts": {
                "type": "integer",
                "minimum": 0
              },
              "other": {
                "type": "integer",
                "minimum": 0
              }
            },
            "description": "Rows of the page of each `comp_kind`."
          }
        }
      },
      "JobError": {
        "type": "object",
        "required": [
          "code",
          "message"
        ],
        "additionalProperties": false,
        "description": "Only when failed.",
        "properties": {
          "code": {
            "type": "string",
            "enum": [
              "rejected",
              "filter_not_supported",
              "page_out_of_range",
              "not_submitted",
              "upstream_blocked",
              "upstream_error",
              "upstream_timeout",
              "collection_unavailable"
            ]
          },
          "message": {
            "type": "string"
          }
        }
      },
      "MktAListingsResult": {
        "title": "mkt_a/listings result",
        "description": "One source page of mkt_a/listings (interface 2.3).",
        "type": "object",
        "required": [
          "provider",
          "country",
          "query",
          "page",
          "page_size",
          "count",
          "reported_total",
          "next_page",
          "next_cursor",
          "collected_at",
          "schema_version",
          "completeness",
          "field_notes",
          "data",
          "comp_version",
          "comps"
        ],
        "additionalProperties": false,
        "properties": {
          "provider": {
            "type": "string",
            "const": "mkt_a",
            "description": "Marketplace token of the route."
          },
          "country": {
            "type": "string",
            "const": "us",
            "description": "Always `us`."
          },
          "query": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "The `q` sent, extra spaces removed."
          },
          "page": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "description": "Page asked for."
          },
          "page_size": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows on the source page (may exceed `count`)."
          },
          "count": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows in `data`."
          },
          "reported_total": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 0,
            "description": "Total matches the marketplace reports; may be rounded or capped."
          },
          "next_page": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 2,
            "maximum": 100,
            "description": "Send as `page` for the next page; null on the last."
          },
          "next_cursor": {
            "type": "null",
            "description": "Always null: this route pages by `page` alone."
          },
          "collected_at": {
            "type": "string",
            "format": "date-time",
            "description": "When the page was collected (ISO 8601)."
          },
          "schema_version": {
            "type": "integer",
            "const": 1,
            "description": "Shape version of this result: 1."
          },
          "completeness": {
            "type": "string",
            "const": "provider_page_only",
            "description": "Always `provider_page_only`: one source page, not a full history."
          },
          "field_notes": {
            "type": "string",
            "description": "How to read the page."
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/$defs/MktAListingsRow"
            },
            "description": "The rows."
          },
          "comp_version": {
            "type": "string",
            "minLength": 1,
            "description": "Version of the judgement rules and word lists the rows were judged with."
          },
          "comps": {
            "$ref": "#/$defs/Comps"
          }
        }
      },
      "MktAListingsRow": {
        "title": "mkt_a listings row",
        "description": "An active listing on mkt_a (interface 2.5).",
        "type": "object",
        "required": [
          "id",
          "title",
          "link",
          "promoted",
          "format",
          "displayed_price",
          "displayed_price_text",
          "displayed_shipping",
          "shipping_text",
          "condition",
          "brand",
          "size",
          "listed_at",
          "bid_count",
          "ends_at",
          "best_offer",
          "seller_text",
          "location_text",
          "image",
          "comp_kind",
          "comp_reasons"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "type": "string",
            "minLength": 1,
            "description": "The marketplace's listing ID."
          },
          "title": {
            "type": [
              "string",
              "null"
            ],
            "description": "Listing title."
          },
          "link": {
            "type": "string",
            "format": "uri",
            "description": "The listing on the marketplace."
          },
          "promoted": {
            "type": "boolean",
            "description": "Sponsored placement."
          },
          "format": {
            "type": "string",
            "enum": [
              "auction",
              "fixed_price"
            ],
            "description": "`auction` when bids or an end time are shown."
          },
          "displayed_price": {
            "anyOf": [
              {
                "$ref": "#/$defs/Money"
              },
              {
                "type": "null"
              }
            ],
            "description": "Asking price or current bid; null when unreadable or a range."
          },
          "displayed_price_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The price as shown."
          },
          "displayed_shipping": {
            "anyOf": [
              {
                "$ref": "#/$defs/Money"
              },
              {
                "type": "null"
              }
            ],
            "description": "As on sold rows: exact shipping text only."
          },
          "shipping_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The shipping text as shown."
          },
          "condition": {
            "type": [
              "string",
              "null"
            ],
            "description": "The marketplace's own condition text."
          },
          "brand": {
            "type": "null",
            "description": "Always null on mkt_a."
          },
          "size": {
            "type": "null",
            "description": "Always null on mkt_a."
          },
          "listed_at": {
            "type": "null",
            "description": "Always null on mkt_a."
          },
          "bid_count": {
            "anyOf": [
              {
                "type": "integer",
                "minimum": 0
              },
              {
                "type": "null"
              }
            ],
            "description": "Bids, on auctions."
          },
          "ends_at": {
            "anyOf": [
              {
                "type": "string",
                "format": "date-time"
              },
              {
                "type": "null"
              }
            ],
            "description": "Auction end, ISO 8601 UTC."
          },
          "best_offer": {
            "type": "boolean",
            "description": "The seller accepts offers."
          },
          "seller_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "Username, feedback count and positive percentage."
          },
          "location_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "Item location as shown."
          },
          "image": {
            "anyOf": [
              {
                "type": "string",
                "format": "uri"
              },
              {
                "type": "null"
              }
            ],
            "description": "Image URL on the marketplace image host, or null."
          },
          "comp_kind": {
            "type": "string",
            "enum": [
              "item",
              "accessory",
              "lot",
              "parts",
              "other"
            ],
            "description": "What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated)."
          },
          "comp_reasons": {
            "type": "array",
            "items": {
              "type": "string",
              "minLength": 1
            },
            "description": "Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code."
          }
        }
      },
      "MktASoldResult": {
        "title": "mkt_a/sold result",
        "description": "One source page of mkt_a/sold (interface 2.3).",
        "type": "object",
        "required": [
          "provider",
          "country",
          "query",
          "page",
          "page_size",
          "count",
          "reported_total",
          "next_page",
          "next_cursor",
          "collected_at",
          "schema_version",
          "completeness",
          "field_notes",
          "data",
          "comp_version",
          "comps"
        ],
        "additionalProperties": false,
        "properties": {
          "provider": {
            "type": "string",
            "const": "mkt_a",
            "description": "Marketplace token of the route."
          },
          "country": {
            "type": "string",
            "const": "us",
            "description": "Always `us`."
          },
          "query": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "The `q` sent, extra spaces removed."
          },
          "page": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "description": "Page asked for."
          },
          "page_size": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows on the source page (may exceed `count`)."
          },
          "count": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows in `data`."
          },
          "reported_total": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 0,
            "description": "Total matches the marketplace reports; may be rounded or capped."
          },
          "next_page": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 2,
            "maximum": 100,
            "description": "Send as `page` for the next page; null on the last."
          },
          "next_cursor": {
            "type": "null",
            "description": "Always null: this route pages by `page` alone."
          },
          "collected_at": {
            "type": "string",
            "format": "date-time",
            "description": "When the page was collected (ISO 8601)."
          },
          "schema_version": {
            "type": "integer",
            "const": 1,
            "description": "Shape version of this result: 1."
          },
          "completeness": {
            "type": "string",
            "const": "provider_page_only",
            "description": "Always `provider_page_only`: one source page, not a full history."
          },
          "field_notes": {
            "type": "string",
            "description": "How to read the page."
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/$defs/MktASoldRow"
            },
            "description": "The rows."
          },
          "comp_version": {
            "type": "string",
            "minLength": 1,
            "description": "Version of the judgement rules and word lists the rows were judged with."
          },
          "comps": {
            "$ref": "#/$defs/Comps"
          }
        }
      },
      "MktASoldRow": {
        "title": "mkt_a sold row",
        "description": "A sold listing on mkt_a (interface 2.4).",
        "type": "object",
        "required": [
          "id",
          "title",
          "link",
          "displayed_price",
          "displayed_price_text",
          "displayed_shipping",
          "shipping_text",
          "sold_date",
          "sold_date_text",
          "condition",
          "seller_text",
          "brand",
          "size",
          "image",
          "price",
          "shipping",
          "sold_at",
          "took_offer",
          "comp_kind",
          "comp_reasons"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "type": "string",
            "minLength": 1,
            "description": "The marketplace's listing ID."
          },
          "title": {
            "type": [
              "string",
              "null"
            ],
            "description": "Listing title."
          },
          "link": {
            "type": "string",
            "format": "uri",
            "description": "The listing on the marketplace."
          },
          "displayed_price": {
            "anyOf": [
              {
                "$ref": "#/$defs/Money"
              },
              {
                "type": "null"
              }
            ],
            "description": "The price shown; null for a price range of a multi-variation listing (the range stays in `displayed_price_text`) or when unreadable."
          },
          "displayed_price_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The price as shown."
          },
          "displayed_shipping": {
            "anyOf": [
              {
                "$ref": "#/$defs/Money"
              },
              {
                "type": "null"
              }
            ],
            "description": "Read only from exact shipping text; free delivery is amount 0; estimates and unspecified shipping are null."
          },
          "shipping_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The shipping text as shown."
          },
          "sold_date": {
            "anyOf": [
              {
                "type": "string",
                "format": "date"
              },
              {
                "type": "null"
              }
            ],
            "description": "YYYY-MM-DD: the most recent date matching `sold_date_text` (which has no year)."
          },
          "sold_date_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The sold date as shown, without a year."
          },
          "condition": {
            "type": [
              "string",
              "null"
            ],
            "description": "The marketplace's own condition text."
          },
          "seller_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "Username, feedback count and positive percentage as one string."
          },
          "brand": {
            "type": "null",
            "description": "Always null on mkt_a."
          },
          "size": {
            "type": "null",
            "description": "Always null on mkt_a."
          },
          "image": {
            "anyOf": [
              {
                "type": "string",
                "format": "uri"
              },
              {
                "type": "null"
              }
            ],
            "description": "Image URL on the marketplace image host, or null."
          },
          "price": {
            "type": "null",
            "description": "Reserved; always null (no verified transaction price)."
          },
          "shipping": {
            "type": "null",
            "description": "Reserved; always null."
          },
          "sold_at": {
            "type": "null",
            "description": "Reserved; always null."
          },
          "took_offer": {
            "type": "null",
            "description": "Reserved; always null."
          },
          "comp_kind": {
            "type": "string",
            "enum": [
              "item",
              "accessory",
              "lot",
              "parts",
              "other"
            ],
            "description": "What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated)."
          },
          "comp_reasons": {
            "type": "array",
            "items": {
              "type": "string",
              "minLength": 1
            },
            "description": "Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code."
          }
        }
      },
      "MktBListingsResult": {
        "title": "mkt_b/listings result",
        "description": "One source page of mkt_b/listings (interface 2.3).",
        "type": "object",
        "required": [
          "provider",
          "country",
          "query",
          "page",
          "page_size",
          "count",
          "reported_total",
          "next_page",
          "next_cursor",
          "collected_at",
          "schema_version",
          "completeness",
          "field_notes",
          "data",
          "comp_version",
          "comps"
        ],
        "additionalProperties": false,
        "properties": {
          "provider": {
            "type": "string",
            "const": "mkt_b",
            "description": "Marketplace token of the route."
          },
          "country": {
            "type": "string",
            "const": "us",
            "description": "Always `us`."
          },
          "query": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "The `q` sent, extra spaces removed."
          },
          "page": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "description": "Page asked for."
          },
          "page_size": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows on the source page (may exceed `count`)."
          },
          "count": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows in `data`."
          },
          "reported_total": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 0,
            "description": "Total matches the marketplace reports; may be rounded or capped."
          },
          "next_page": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 2,
            "maximum": 100,
            "description": "Send as `page` for the next page; null on the last."
          },
          "next_cursor": {
            "type": [
              "string",
              "null"
            ],
            "minLength": 1,
            "description": "Send as `cursor` with `page` = `next_page`; null on the last page."
          },
          "collected_at": {
            "type": "string",
            "format": "date-time",
            "description": "When the page was collected (ISO 8601)."
          },
          "schema_version": {
            "type": "integer",
            "const": 1,
            "description": "Shape version of this result: 1."
          },
          "completeness": {
            "type": "string",
            "const": "provider_page_only",
            "description": "Always `provider_page_only`: one source page, not a full history."
          },
          "field_notes": {
            "type": "string",
            "description": "How to read the page."
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/$defs/MktBListingsRow"
            },
            "description": "The rows."
          },
          "comp_version": {
            "type": "string",
            "minLength": 1,
            "description": "Version of the judgement rules and word lists the rows were judged with."
          },
          "comps": {
            "$ref": "#/$defs/Comps"
          }
        }
      },
      "MktBListingsRow": {
        "title": "mkt_b listings row",
        "description": "An active listing on mkt_b (defined in docs/marketplaces/mkt_b.md; the interface does not show it).",
        "type": "object",
        "required": [
          "id",
          "title",
          "link",
          "promoted",
          "format",
          "displayed_price",
          "displayed_price_text",
          "displayed_shipping",
          "shipping_text",
          "condition",
          "brand",
          "size",
          "listed_at",
          "bid_count",
          "ends_at",
          "best_offer",
          "seller_text",
          "location_text",
          "image",
          "comp_kind",
          "comp_reasons"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "type": "string",
            "minLength": 1,
            "description": "The marketplace's listing ID."
          },
          "title": {
            "type": [
              "string",
              "null"
            ],
            "description": "Listing title."
          },
          "link": {
            "type": "string",
            "format": "uri",
            "description": "The listing on the marketplace."
          },
          "promoted": {
            "type": "null",
            "description": "Null: search results do not say."
          },
          "format": {
            "type": "string",
            "const": "fixed_price",
            "description": "Always `fixed_price` (no auctions)."
          },
          "displayed_price": {
            "anyOf": [
              {
                "$ref": "#/$defs/Money"
              },
              {
                "type": "null"
              }
            ],
            "description": "The asking price."
          },
          "displayed_price_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The price as shown."
          },
          "displayed_shipping": {
            "type": "null",
            "description": "Always null."
          },
          "shipping_text": {
            "type": "null",
            "description": "Always null."
          },
          "condition": {
            "anyOf": [
              {
                "type": "string",
                "enum": [
                  "nwt",
                  "uln",
                  "ug",
                  "uf"
                ]
              },
              {
                "type": "null"
              }
            ],
            "description": "Condition code."
          },
          "brand": {
            "type": [
              "string",
              "null"
            ],
            "description": "Brand, when shown."
          },
          "size": {
            "type": [
              "string",
              "null"
            ],
            "description": "Size, when shown."
          },
          "listed_at": {
            "anyOf": [
              {
                "type": "string",
                "format": "date-time"
              },
              {
                "type": "null"
              }
            ],
            "description": "First published, UTC ISO 8601."
          },
          "bid_count": {
            "type": "null",
            "description": "Always null."
          },
          "ends_at": {
            "type": "null",
            "description": "Always null."
          },
          "best_offer": {
            "type": "null",
            "description": "Always null."
          },
          "seller_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The seller username."
          },
          "location_text": {
            "type": "null",
            "description": "Always null."
          },
          "image": {
            "anyOf": [
              {
                "type": "string",
                "format": "uri"
              },
              {
                "type": "null"
              }
            ],
            "description": "Image URL on the marketplace image host, or null."
          },
          "comp_kind": {
            "type": "string",
            "enum": [
              "item",
              "accessory",
              "lot",
              "parts",
              "other"
            ],
            "description": "What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated)."
          },
          "comp_reasons": {
            "type": "array",
            "items": {
              "type": "string",
              "minLength": 1
            },
            "description": "Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code."
          }
        }
      },
      "MktBSoldResult": {
        "title": "mkt_b/sold result",
        "description": "One source page of mkt_b/sold (interface 2.3).",
        "type": "object",
        "required": [
          "provider",
          "country",
          "query",
          "page",
          "page_size",
          "count",
          "reported_total",
          "next_page",
          "next_cursor",
          "collected_at",
          "schema_version",
          "completeness",
          "field_notes",
          "data",
          "comp_version",
          "comps"
        ],
        "additionalProperties": false,
        "properties": {
          "provider": {
            "type": "string",
            "const": "mkt_b",
            "description": "Marketplace token of the route."
          },
          "country": {
            "type": "string",
            "const": "us",
            "description": "Always `us`."
          },
          "query": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "The `q` sent, extra spaces removed."
          },
          "page": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "description": "Page asked for."
          },
          "page_size": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows on the source page (may exceed `count`)."
          },
          "count": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows in `data`."
          },
          "reported_total": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 0,
            "description": "Total matches the marketplace reports; may be rounded or capped."
          },
          "next_page": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 2,
            "maximum": 100,
            "description": "Send as `page` for the next page; null on the last."
          },
          "next_cursor": {
            "type": [
              "string",
              "null"
            ],
            "minLength": 1,
            "description": "Send as `cursor` with `page` = `next_page`; null on the last page."
          },
          "collected_at": {
            "type": "string",
            "format": "date-time",
            "description": "When the page was collected (ISO 8601)."
          },
          "schema_version": {
            "type": "integer",
            "const": 1,
            "description": "Shape version of this result: 1."
          },
          "completeness": {
            "type": "string",
            "const": "provider_page_only",
            "description": "Always `provider_page_only`: one source page, not a full history."
          },
          "field_notes": {
            "type": "string",
            "description": "How to read the page."
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/$defs/MktBSoldRow"
            },
            "description": "The rows."
          },
          "comp_version": {
            "type": "string",
            "minLength": 1,
            "description": "Version of the judgement rules and word lists the rows were judged with."
          },
          "comps": {
            "$ref": "#/$defs/Comps"
          }
        }
      },
      "MktBSoldRow": {
        "title": "mkt_b sold row",
        "description": "A sold (sold-out inventory) listing on mkt_b (interface 2.4).",
        "type": "object",
        "required": [
          "id",
          "title",
          "link",
          "displayed_price",
          "displayed_price_text",
          "displayed_shipping",
          "shipping_text",
          "sold_date",
          "sold_date_text",
          "condition",
          "seller_text",
          "brand",
          "size",
          "image",
          "price",
          "shipping",
          "sold_at",
          "took_offer",
          "comp_kind",
          "comp_reasons"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "type": "string",
            "minLength": 1,
            "description": "The marketplace's listing ID."
          },
          "title": {
            "type": [
              "string",
              "null"
            ],
            "description": "Listing title."
          },
          "link": {
            "type": "string",
            "format": "uri",
            "description": "The listing on the marketplace."
          },
          "displayed_price": {
            "anyOf": [
              {
                "$ref": "#/$defs/Money"
              },
              {
                "type": "null"
              }
            ],
            "description": "The listing ask, not a transaction amount."
          },
          "displayed_price_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The price as shown."
          },
          "displayed_shipping": {
            "anyOf": [
              {
                "$ref": "#/$defs/Money"
              },
              {
                "type": "null"
              }
            ],
            "description": "Not shown by the marketplace in search; null."
          },
          "shipping_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "Not shown by the marketplace in search; null."
          },
          "sold_date": {
            "anyOf": [
              {
                "type": "string",
                "format": "date"
              },
              {
                "type": "null"
              }
            ],
            "description": "The date part of `sold_date_text`."
          },
          "sold_date_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "Timestamp (with UTC offset) of the inventory change to sold out."
          },
          "condition": {
            "anyOf": [
              {
                "type": "string",
                "enum": [
                  "nwt",
                  "uln",
                  "ug",
                  "uf"
                ]
              },
              {
                "type": "null"
              }
            ],
            "description": "`nwt` new with tags, `uln` like new, `ug` good, `uf` fair."
          },
          "seller_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The seller username."
          },
          "brand": {
            "type": [
              "string",
              "null"
            ],
            "description": "Brand, when shown."
          },
          "size": {
            "type": [
              "string",
              "null"
            ],
            "description": "Size, when shown."
          },
          "image": {
            "anyOf": [
              {
                "type": "string",
                "format": "uri"
              },
              {
                "type": "null"
              }
            ],
            "description": "Image URL on the marketplace image host, or null."
          },
          "price": {
            "type": "null",
            "description": "Reserved; always null (no verified transaction price)."
          },
          "shipping": {
            "type": "null",
            "description": "Reserved; always null."
          },
          "sold_at": {
            "type": "null",
            "description": "Reserved; always null."
          },
          "took_offer": {
            "type": "null",
            "description": "Reserved; always null."
          },
          "comp_kind": {
            "type": "string",
            "enum": [
              "item",
              "accessory",
              "lot",
              "parts",
              "other"
            ],
            "description": "What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated)."
          },
          "comp_reasons": {
            "type": "array",
            "items": {
              "type": "string",
              "minLength": 1
            },
            "description": "Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code."
          }
        }
      },
      "MktCSoldResult": {
        "title": "mkt_c/sold result",
        "description": "One source page of mkt_c/sold (interface 2.3).",
        "type": "object",
        "required": [
          "provider",
          "country",
          "query",
          "page",
          "page_size",
          "count",
          "reported_total",
          "next_page",
          "next_cursor",
          "collected_at",
          "schema_version",
          "completeness",
          "field_notes",
          "data",
          "comp_version",
          "comps"
        ],
        "additionalProperties": false,
        "properties": {
          "provider": {
            "type": "string",
            "const": "mkt_c",
            "description": "Marketplace token of the route."
          },
          "country": {
            "type": "string",
            "const": "us",
            "description": "Always `us`."
          },
          "query": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "The `q` sent, extra spaces removed."
          },
          "page": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "description": "Page asked for."
          },
          "page_size": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows on the source page (may exceed `count`)."
          },
          "count": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows in `data`."
          },
          "reported_total": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 0,
            "description": "Total matches the marketplace reports; may be rounded or capped."
          },
          "next_page": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 2,
            "maximum": 100,
            "description": "Send as `page` for the next page; null on the last."
          },
          "next_cursor": {
            "type": [
              "string",
              "null"
            ],
            "minLength": 1,
            "description": "Send as `cursor` with `page` = `next_page`; null on the last page."
          },
          "collected_at": {
            "type": "string",
            "format": "date-time",
            "description": "When the page was collected (ISO 8601)."
          },
          "schema_version": {
            "type": "integer",
            "const": 1,
            "description": "Shape version of this result: 1."
          },
          "completeness": {
            "type": "string",
            "const": "provider_page_only",
            "description": "Always `provider_page_only`: one source page, not a full history."
          },
          "field_notes": {
            "type": "string",
            "description": "How to read the page."
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/$defs/MktCSoldRow"
            },
            "description": "The rows."
          },
          "comp_version": {
            "type": "string",
            "minLength": 1,
            "description": "Version of the judgement rules and word lists the rows were judged with."
          },
          "comps": {
            "$ref": "#/$defs/Comps"
          }
        }
      },
      "MktCSoldRow": {
        "title": "mkt_c sold row",
        "description": "A sold listing on mkt_c (interface 2.4); sales in progress and trading items are left out.",
        "type": "object",
        "required": [
          "id",
          "title",
          "link",
          "displayed_price",
          "displayed_price_text",
          "displayed_shipping",
          "shipping_text",
          "sold_date",
          "sold_date_text",
          "condition",
          "seller_text",
          "brand",
          "size",
          "image",
          "price",
          "shipping",
          "sold_at",
          "took_offer",
          "status",
          "seller_id",
          "condition_id",
          "category_id",
          "brand_id",
          "comp_kind",
          "comp_reasons"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "type": "string",
            "minLength": 1,
            "description": "The marketplace's listing ID."
          },
          "title": {
            "type": [
              "string",
              "null"
            ],
            "description": "Listing title."
          },
          "link": {
            "type": "string",
            "format": "uri",
            "description": "The listing on the marketplace."
          },
          "displayed_price": {
            "$ref": "#/$defs/Money",
            "description": "The price shown; always an object."
          },
          "displayed_price_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The price as shown."
          },
          "displayed_shipping": {
            "type": "null",
            "description": "Always null on mkt_c."
          },
          "shipping_text": {
            "type": "null",
            "description": "Always null on mkt_c."
          },
          "sold_date": {
            "anyOf": [
              {
                "type": "string",
                "format": "date"
              },
              {
                "type": "null"
              }
            ],
            "description": "The date part of `sold_date_text`; null when no sold time is reported."
          },
          "sold_date_text": {
            "anyOf": [
              {
                "type": "string",
                "format": "date-time"
              },
              {
                "type": "null"
              }
            ],
            "description": "UTC timestamp of the sale as the marketplace reports it."
          },
          "condition": {
            "anyOf": [
              {
                "type": "string",
                "enum": [
                  "New",
                  "Like New",
                  "Good",
                  "Fair",
                  "Poor"
                ]
              },
              {
                "type": "null"
              }
            ],
            "description": "Condition label."
          },
          "seller_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The seller ID as a string."
          },
          "brand": {
            "type": "null",
            "description": "Always null on mkt_c (see `brand_id`)."
          },
          "size": {
            "type": "null",
            "description": "Always null on mkt_c."
          },
          "image": {
            "anyOf": [
              {
                "type": "string",
                "format": "uri"
              },
              {
                "type": "null"
              }
            ],
            "description": "Image URL on the marketplace image host, or null."
          },
          "price": {
            "type": "null",
            "description": "Reserved; always null (no verified transaction price)."
          },
          "shipping": {
            "type": "null",
            "description": "Reserved; always null."
          },
          "sold_at": {
            "type": "null",
            "description": "Reserved; always null."
          },
          "took_offer": {
            "type": "null",
            "description": "Reserved; always null."
          },
          "status": {
            "type": "string",
            "const": "sold",
            "description": "Always `sold`."
          },
          "seller_id": {
            "type": [
              "string",
              "null"
            ],
            "description": "Seller ID."
          },
          "condition_id": {
            "anyOf": [
              {
                "type": "integer",
                "enum": [
                  1,
                  2,
                  3,
                  4,
                  5
                ]
              },
              {
                "type": "null"
              }
            ],
            "description": "1 new, 2 like new, 3 good, 4 fair, 5 poor."
          },
          "category_id": {
            "anyOf": [
              {
                "type": "integer"
              },
              {
                "type": "null"
              }
            ],
            "description": "Numeric category ID."
          },
          "brand_id": {
            "anyOf": [
              {
                "type": "integer"
              },
              {
                "type": "null"
              }
            ],
            "description": "Numeric brand ID (the brand name is not returned)."
          },
          "comp_kind": {
            "type": "string",
            "enum": [
              "item",
              "accessory",
              "lot",
              "parts",
              "other"
            ],
            "description": "What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated)."
          },
          "comp_reasons": {
            "type": "array",
            "items": {
              "type": "string",
              "minLength": 1
            },
            "description": "Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code."
          }
        }
      },
      "MktDListingsResult": {
        "title": "mkt_d/listings result",
        "description": "One source page of mkt_d/listings (interface 2.3).",
        "type": "object",
        "required": [
          "provider",
          "country",
          "query",
          "page",
          "page_size",
          "count",
          "reported_total",
          "next_page",
          "next_cursor",
          "collected_at",
          "schema_version",
          "completeness",
          "field_notes",
          "data",
          "comp_version",
          "comps"
        ],
        "additionalProperties": false,
        "properties": {
          "provider": {
            "type": "string",
            "const": "mkt_d",
            "description": "Marketplace token of the route."
          },
          "country": {
            "type": "string",
            "const": "us",
            "description": "Always `us`."
          },
          "query": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "The `q` sent, extra spaces removed."
          },
          "page": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "description": "Page asked for."
          },
          "page_size": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows on the source page (may exceed `count`)."
          },
          "count": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows in `data`."
          },
          "reported_total": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 0,
            "description": "Total matches the marketplace reports; may be rounded or capped."
          },
          "next_page": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 2,
            "maximum": 100,
            "description": "Send as `page` for the next page; null on the last."
          },
          "next_cursor": {
            "type": [
              "string",
              "null"
            ],
            "minLength": 1,
            "description": "Send as `cursor` with `page` = `next_page`; null on the last page."
          },
          "collected_at": {
            "type": "string",
            "format": "date-time",
            "description": "When the page was collected (ISO 8601)."
          },
          "schema_version": {
            "type": "integer",
            "const": 1,
            "description": "Shape version of this result: 1."
          },
          "completeness": {
            "type": "string",
            "const": "provider_page_only",
            "description": "Always `provider_page_only`: one source page, not a full history."
          },
          "field_notes": {
            "type": "string",
            "description": "How to read the page."
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/$defs/MktDListingsRow"
            },
            "description": "The rows."
          },
          "comp_version": {
            "type": "string",
            "minLength": 1,
            "description": "Version of the judgement rules and word lists the rows were judged with."
          },
          "comps": {
            "$ref": "#/$defs/Comps"
          }
        }
      },
      "MktDListingsRow": {
        "title": "mkt_d listings row",
        "description": "An active USD listing on mkt_d (interface 2.5); other currencies and inactive listings are dropped.",
        "type": "object",
        "required": [
          "id",
          "title",
          "link",
          "displayed_price",
          "displayed_price_text",
          "price_includes",
          "displayed_shipping",
          "shipping_text",
          "condition",
          "seller_text",
          "brand",
          "size",
          "image",
          "status",
          "promoted",
          "format",
          "listed_at",
          "bid_count",
          "ends_at",
          "best_offer",
          "location_text",
          "comp_kind",
          "comp_reasons"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "type": "string",
            "minLength": 1,
            "description": "The marketplace's listing ID."
          },
          "title": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 2000
              },
              {
                "type": "null"
              }
            ],
            "description": "The listing description, up to 2,000 characters."
          },
          "link": {
            "type": "string",
            "format": "uri",
            "description": "The listing on the marketplace."
          },
          "displayed_price": {
            "$ref": "#/$defs/Money",
            "description": "The headline USD price; may include buyer fee, shipping or tax (`price_includes`); not the checkout total."
          },
          "displayed_price_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The price as text."
          },
          "price_includes": {
            "type": "array",
            "uniqueItems": true,
            "items": {
              "type": "string",
              "enum": [
                "buyer_fee",
                "shipping_price",
                "tax"
              ]
            },
            "description": "What the headline price includes; empty means none."
          },
          "displayed_shipping": {
            "type": "null",
            "description": "Always null."
          },
          "shipping_text": {
            "type": "null",
            "description": "Always null."
          },
          "condition": {
            "anyOf": [
              {
                "type": "string",
                "enum": [
                  "brand_new",
                  "used_like_new",
                  "used_excellent",
                  "used_good",
                  "used_fair"
                ]
              },
              {
                "type": "null"
              }
            ],
            "description": "Condition code."
          },
          "seller_text": {
            "type": "null",
            "description": "Always null."
          },
          "brand": {
            "type": [
              "string",
              "null"
            ],
            "description": "Brand."
          },
          "size": {
            "type": [
              "string",
              "null"
            ],
            "description": "Available sizes."
          },
          "image": {
            "anyOf": [
              {
                "type": "string",
                "format": "uri"
              },
              {
                "type": "null"
              }
            ],
            "description": "Image URL on the marketplace image host, or null."
          },
          "status": {
            "type": "string",
            "const": "active",
            "description": "Always `active`."
          },
          "promoted": {
            "type": [
              "boolean",
              "null"
            ],
            "description": "Boosted."
          },
          "format": {
            "type": "string",
            "const": "fixed_price",
            "description": "Always `fixed_price`."
          },
          "listed_at": {
            "type": "null",
            "description": "Always null."
          },
          "bid_count": {
            "type": "null",
            "description": "Always null."
          },
          "ends_at": {
            "type": "null",
            "description": "Always null."
          },
          "best_offer": {
            "type": "null",
            "description": "Always null."
          },
          "location_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "Location as shown."
          },
          "comp_kind": {
            "type": "string",
            "enum": [
              "item",
              "accessory",
              "lot",
              "parts",
              "other"
            ],
            "description": "What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated)."
          },
          "comp_reasons": {
            "type": "array",
            "items": {
              "type": "string",
              "minLength": 1
            },
            "description": "Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code."
          }
        }
      },
      "MktEListingsResult": {
        "title": "mkt_e/listings result",
        "description": "One source page of mkt_e/listings (interface 2.3).",
        "type": "object",
        "required": [
          "provider",
          "country",
          "query",
          "page",
          "page_size",
          "count",
          "reported_total",
          "next_page",
          "next_cursor",
          "collected_at",
          "schema_version",
          "completeness",
          "field_notes",
          "data",
          "location",
          "category_id",
          "vehicle_search",
          "comp_version",
          "comps"
        ],
        "additionalProperties": false,
        "properties": {
          "provider": {
            "type": "string",
            "const": "mkt_e",
            "description": "Marketplace token of the route."
          },
          "country": {
            "type": "string",
            "const": "us",
            "description": "Always `us`."
          },
          "query": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "The `q` sent, extra spaces removed."
          },
          "page": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "description": "Page asked for."
          },
          "page_size": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows on the source page (may exceed `count`)."
          },
          "count": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows in `data`."
          },
          "reported_total": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 0,
            "description": "Total matches the marketplace reports; may be rounded or capped."
          },
          "next_page": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 2,
            "maximum": 100,
            "description": "Send as `page` for the next page; null on the last."
          },
          "next_cursor": {
            "type": [
              "string",
              "null"
            ],
            "minLength": 1,
            "description": "Send as `cursor` with `page` = `next_page`; null on the last page."
          },
          "collected_at": {
            "type": "string",
            "format": "date-time",
            "description": "When the page was collected (ISO 8601)."
          },
          "schema_version": {
            "type": "integer",
            "const": 2,
            "description": "Shape version of this result: 2."
          },
          "completeness": {
            "type": "string",
            "const": "provider_page_only",
            "description": "Always `provider_page_only`: one source page, not a full history."
          },
          "field_notes": {
            "type": "string",
            "description": "How to read the page."
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/$defs/MktEListingsRow"
            },
            "description": "The rows."
          },
          "location": {
            "type": "object",
            "description": "Where the search was centred and how far it reached.",
            "required": [
              "zip",
              "latitude",
              "longitude",
              "radius_miles",
              "requested_radius_miles",
              "widened_radius_miles"
            ],
            "additionalProperties": false,
            "properties": {
              "zip": {
                "anyOf": [
                  {
                    "type": "string",
                    "pattern": "^[0-9]{5}$"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "The ZIP sent, or null when `lat`/`lon` were sent."
              },
              "latitude": {
                "type": "number",
                "minimum": -90,
                "maximum": 90,
                "description": "Centre, decimal degrees."
              },
              "longitude": {
                "type": "number",
                "minimum": -180,
                "maximum": 180,
                "description": "Centre, decimal degrees."
              },
              "radius_miles": {
                "type": "integer",
                "minimum": 1,
                "description": "The radius applied."
              },
              "requested_radius_miles": {
                "anyOf": [
                  {
                    "type": "integer"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "The `radius` sent, or null."
              },
              "widened_radius_miles": {
                "anyOf": [
                  {
                    "type": "integer"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "The wider radius the marketplace used for this page when nearby results ran out, else null."
              }
            }
          },
          "category_id": {
            "type": [
              "string",
              "null"
            ],
            "description": "The category the marketplace applied, including one inferred from keywords (`5.1` cars and trucks)."
          },
          "vehicle_search": {
            "type": "boolean",
            "description": "The search was treated as cars and trucks."
          },
          "comp_version": {
            "type": "string",
            "minLength": 1,
            "description": "Version of the judgement rules and word lists the rows were judged with."
          },
          "comps": {
            "$ref": "#/$defs/Comps"
          }
        }
      },
      "MktEListingsRow": {
        "title": "mkt_e listings row",
        "description": "A local active listing on mkt_e (interface 2.5).",
        "type": "object",
        "required": [
          "id",
          "title",
          "link",
          "displayed_price",
          "displayed_price_text",
          "call_for_price",
          "firm_price",
          "condition",
          "location_text",
          "city",
          "state",
          "image",
          "vehicle_miles",
          "promoted",
          "flags",
          "comp_kind",
          "comp_reasons"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "type": "string",
            "minLength": 1,
            "description": "The marketplace's listing ID."
          },
          "title": {
            "type": "string",
            "maxLength": 2000,
            "description": "Title, up to 2,000 characters."
          },
          "link": {
            "type": "string",
            "format": "uri",
            "description": "The listing on the marketplace."
          },
          "displayed_price": {
            "anyOf": [
              {
                "$ref": "#/$defs/Money"
              },
              {
                "type": "null"
              }
            ],
            "description": "USD ask; null when the seller asks buyers to call."
          },
          "displayed_price_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The price as text."
          },
          "call_for_price": {
            "type": "boolean",
            "description": "The seller asks buyers to call for the price."
          },
          "firm_price": {
            "type": [
              "boolean",
              "null"
            ],
            "description": "The seller marked the price firm."
          },
          "condition": {
            "type": [
              "string",
              "null"
            ],
            "description": "Condition; usually null in search."
          },
          "location_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The area the seller chose, not an address."
          },
          "city": {
            "type": [
              "string",
              "null"
            ],
            "description": "From `City, ST` text."
          },
          "state": {
            "anyOf": [
              {
                "type": "string",
                "pattern": "^[A-Z]{2}$"
              },
              {
                "type": "null"
              }
            ],
            "description": "Two-letter state."
          },
          "image": {
            "anyOf": [
              {
                "type": "string",
                "format": "uri"
              },
              {
                "type": "null"
              }
            ],
            "description": "Thumbnail URL."
          },
          "vehicle_miles": {
            "anyOf": [
              {
                "type": "integer",
                "minimum": 0
              },
              {
                "type": "null"
              }
            ],
            "description": "Odometer miles of a vehicle."
          },
          "promoted": {
            "type": "boolean",
            "description": "Paid placement."
          },
          "flags": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "description": "Raw source flags (local pickup, call for price, …)."
          },
          "comp_kind": {
            "type": "string",
            "enum": [
              "item",
              "accessory",
              "lot",
              "parts",
              "other"
            ],
            "description": "What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated)."
          },
          "comp_reasons": {
            "type": "array",
            "items": {
              "type": "string",
              "minLength": 1
            },
            "description": "Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code."
          }
        }
      },
      "Money": {
        "type": "object",
        "description": "A displayed amount in US dollars.",
        "required": [
          "amount",
          "currency"
        ],
        "additionalProperties": false,
        "properties": {
          "amount": {
            "type": "number",
            "minimum": 0,
            "description": "Dollars, with cents as decimals."
          },
          "currency": {
            "type": "string",
            "const": "USD",
            "description": "Always `USD`."
          }
        },
        "examples": [
          {
            "amount": 129.99,
            "currency": "USD"
          }
        ]
      },
      "PriceFigures": {
        "type": "object",
        "description": "Figures of a set of USD amounts (displayed prices: asks or headline amounts, never verified transaction prices). Every figure is null when `count` is 0.",
        "required": [
          "count",
          "median",
          "p25",
          "p75",
          "low",
          "high",
          "median_ci90"
        ],
        "additionalProperties": false,
        "properties": {
          "count": {
            "type": "integer",
            "minimum": 0,
            "description": "Amounts the figures are over."
          },
          "median": {
            "type": [
              "number",
              "null"
            ],
            "description": "The middle amount, or the mean of the two middle ones."
          },
          "p25": {
            "type": [
              "number",
              "null"
            ],
            "description": "Lower hinge (Tukey's: the median of the lower half)."
          },
          "p75": {
            "type": [
              "number",
              "null"
            ],
            "description": "Upper hinge (the median of the upper half)."
          },
          "low": {
            "type": [
              "number",
              "null"
            ],
            "description": "Lowest amount."
          },
          "high": {
            "type": [
              "number",
              "null"
            ],
            "description": "Highest amount."
          },
          "median_ci90": {
            "anyOf": [
              {
                "type": "object",
                "required": [
                  "low",
                  "high",
                  "level",
                  "coverage"
                ],
                "additionalProperties": false,
                "properties": {
                  "low": {
                    "type": "number",
                    "description": "Lower bound: an order statistic of the amounts."
                  },
                  "high": {
                    "type": "number",
                    "description": "Upper bound: an order statistic of the amounts."
                  },
                  "level": {
                    "type": "number",
                    "const": 0.9,
                    "description": "The confidence asked for: 0.9."
                  },
                  "coverage": {
                    "type": "number",
                    "minimum": 0.9,
                    "maximum": 1,
                    "description": "The exact coverage of these two order statistics (at least `level`)."
                  }
                }
              },
              {
                "type": "null"
              }
            ],
            "description": "A distribution-free 90 % confidence interval of the median from order statistics (binomial, no assumption on the shape of prices); null with fewer than 5 amounts."
          }
        }
      }
    }
  },
  "batch": {
    "type": "object",
    "required": [
      "batch_id",
      "status",
      "created_at",
      "counts",
      "credits",
      "items"
    ],
    "properties": {
      "batch_id": {
        "type": "string"
      },
      "status": {
        "type": "string",
        "enum": [
          "pending",
          "complete"
        ]
      },
      "created_at": {
        "type": "string",
        "format": "date-time"
      },
      "counts": {
        "$ref": "#/$defs/BatchCounts"
      },
      "credits": {
        "type": "integer",
        "minimum": 0
      },
      "items": {
        "type": "array",
        "items": {
          "type": "object",
          "required": [
            "index",
            "endpoint",
            "q",
            "request_id",
            "status",
            "cached",
            "credits"
          ],
          "properties": {
            "index": {
              "type": "integer",
              "minimum": 0
            },
            "endpoint": {
              "type": "string",
              "enum": [
                "mkt_a/sold",
                "mkt_a/listings",
                "mkt_b/sold",
                "mkt_b/listings",
                "mkt_c/sold",
                "mkt_d/listings",
                "mkt_e/listings"
              ]
            },
            "q": {
              "type": "string"
            },
            "request_id": {
              "type": [
                "string",
                "null"
              ]
            },
            "status": {
              "type": "string",
              "enum": [
                "pending",
                "complete",
                "failed",
                "rejected"
              ]
            },
            "cached": {
              "type": "boolean"
            },
            "credits": {
              "type": "integer",
              "minimum": 0
            },
            "rows": {
              "type": "integer",
              "minimum": 0,
              "description": "When complete."
            },
            "summary": {
              "$ref": "#/$defs/BatchSummary"
            },
            "comps": {
              "$ref": "#/$defs/Comps",
              "description": "When complete, on every marketplace: the result's `comps` (figures over the rows judged `item`), beside `summary` (which stays over every row). An extension of the interface."
            },
            "error": {
              "type": "object",
              "required": [
                "code"
              ],
              "properties": {
                "code": {
                  "type": "string"
                },
                "message": {
                  "type": "string"
                }
              },
              "description": "When failed (a job error code) or rejected (an API error code)."
            },
            "result": {
              "anyOf": [
                {
                  "$ref": "#/$defs/MktASoldResult"
                },
                {
                  "$ref": "#/$defs/MktAListingsResult"
                },
                {
                  "$ref": "#/$defs/MktBSoldResult"
                },
                {
                  "$ref": "#/$defs/MktBListingsResult"
                },
                {
                  "$ref": "#/$defs/MktCSoldResult"
                },
                {
                  "$ref": "#/$defs/MktDListingsResult"
                },
                {
                  "$ref": "#/$defs/MktEListingsResult"
                }
              ],
              "description": "Only when complete: one source page of the route searched."
            }
          }
        }
      }
    },
    "$defs": {
      "BatchCounts": {
        "type": "object",
        "required": [
          "pending",
          "complete",
          "failed",
          "rejected"
        ],
        "additionalProperties": false,
        "properties": {
          "pending": {
            "type": "integer",
            "minimum": 0
          },
          "complete": {
            "type": "integer",
            "minimum": 0
          },
          "failed": {
            "type": "integer",
            "minimum": 0
          },
          "rejected": {
            "type": "integer",
            "minimum": 0
          }
        }
      },
      "BatchSummary": {
        "type": "object",
        "description": "Price summary of a complete mkt_a item (displayed prices, not transaction prices).",
        "required": [
          "priced_count",
          "currency",
          "median",
          "low",
          "high",
          "earliest_sold_date",
          "latest_sold_date",
          "best_offer_accepted_count"
        ],
        "properties": {
          "priced_count": {
            "type": "integer",
            "minimum": 0
          },
          "currency": {
            "type": "string",
            "const": "USD"
          },
          "median": {
            "type": [
              "number",
              "null"
            ]
          },
          "low": {
            "type": [
              "number",
              "null"
            ]
          },
          "high": {
            "type": [
              "number",
              "null"
            ]
          },
          "earliest_sold_date": {
            "type": [
              "string",
              "null"
            ],
            "format": "date"
          },
          "latest_sold_date": {
            "type": [
              "string",
              "null"
            ],
            "format": "date"
          },
          "best_offer_accepted_count": {
            "type": "integer",
            "minimum": 0
          }
        }
      },
      "Comps": {
        "type": "object",
        "description": "Price figures over the rows judged `item` (the product the query names) with a USD displayed price, and how many rows of each kind the page had. An extension of the interface: `summary` of a batch item stays over every row.",
        "required": [
          "basis",
          "currency",
          "price",
          "price_with_shipping",
          "kinds"
        ],
        "additionalProperties": false,
        "properties": {
          "basis": {
            "type": "string",
            "const": "item",
            "description": "Which rows the figures are over: always `item`."
          },
          "currency": {
            "type": "string",
            "const": "USD",
            "description": "Always `USD`."
          },
          "price": {
            "$ref": "#/$defs/PriceFigures",
            "description": "Over the item rows' displayed prices."
          },
          "price_with_shipping": {
            "$ref": "#/$defs/PriceFigures",
            "description": "Over the item rows whose shipping is known (free is 0): displayed price plus shipping."
          },
          "kinds": {
            "type": "object",
            "required": [
              "item",
              "accessory",
              "lot",
              "parts",
              "other"
            ],
            "additionalProperties": false,
            "properties": {
              "item": {
                "type": "integer",
                "minimum": 0
              },
              "accessory": {
                "type": "integer",
                "minimum": 0
              },
              "lot": {
                "type": "integer",
                "minimum": 0
              },
              "parts": {
                "type": "integer",
                "minimum": 0
              },
              "other": {
                "type": "integer",
                "minimum": 0
              }
            },
            "description": "Rows of the page of each `comp_kind`."
          }
        }
      },
      "MktAListingsResult": {
        "title": "mkt_a/listings result",
        "description": "One source page of mkt_a/listings (interface 2.3).",
        "type": "object",
        "required": [
          "provider",
          "country",
          "query",
          "page",
          "page_size",
          "count",
          "reported_total",
          "next_page",
          "next_cursor",
          "collected_at",
          "schema_version",
          "completeness",
          "field_notes",
          "data",
          "comp_version",
          "comps"
        ],
        "additionalProperties": false,
        "properties": {
          "provider": {
            "type": "string",
            "const": "mkt_a",
            "description": "Marketplace token of the route."
          },
          "country": {
            "type": "string",
            "const": "us",
            "description": "Always `us`."
          },
          "query": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "The `q` sent, extra spaces removed."
          },
          "page": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "description": "Page asked for."
          },
          "page_size": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows on the source page (may exceed `count`)."
          },
          "count": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows in `data`."
          },
          "reported_total": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 0,
            "description": "Total matches the marketplace reports; may be rounded or capped."
          },
          "next_page": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 2,
            "maximum": 100,
            "description": "Send as `page` for the next page; null on the last."
          },
          "next_cursor": {
            "type": "null",
            "description": "Always null: this route pages by `page` alone."
          },
          "collected_at": {
            "type": "string",
            "format": "date-time",
            "description": "When the page was collected (ISO 8601)."
          },
          "schema_version": {
            "type": "integer",
            "const": 1,
            "description": "Shape version of this result: 1."
          },
          "completeness": {
            "type": "string",
            "const": "provider_page_only",
            "description": "Always `provider_page_only`: one source page, not a full history."
          },
          "field_notes": {
            "type": "string",
            "description": "How to read the page."
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/$defs/MktAListingsRow"
            },
            "description": "The rows."
          },
          "comp_version": {
            "type": "string",
            "minLength": 1,
            "description": "Version of the judgement rules and word lists the rows were judged with."
          },
          "comps": {
            "$ref": "#/$defs/Comps"
          }
        }
      },
      "MktAListingsRow": {
        "title": "mkt_a listings row",
        "description": "An active listing on mkt_a (interface 2.5).",
        "type": "object",
        "required": [
          "id",
          "title",
          "link",
          "promoted",
          "format",
          "displayed_price",
          "displayed_price_text",
          "displayed_shipping",
          "shipping_text",
          "condition",
          "brand",
          "size",
          "listed_at",
          "bid_count",
          "ends_at",
          "best_offer",
          "seller_text",
          "location_text",
          "image",
          "comp_kind",
          "comp_reasons"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "type": "string",
            "minLength": 1,
            "description": "The marketplace's listing ID."
          },
          "title": {
            "type": [
              "string",
              "null"
            ],
            "description": "Listing title."
          },
          "link": {
            "type": "string",
            "format": "uri",
            "description": "The listing on the marketplace."
          },
          "promoted": {
            "type": "boolean",
            "description": "Sponsored placement."
          },
          "format": {
            "type": "string",
            "enum": [
              "auction",
              "fixed_price"
            ],
            "description": "`auction` when bids or an end time are shown."
          },
          "displayed_price": {
            "anyOf": [
              {
                "$ref": "#/$defs/Money"
              },
              {
                "type": "null"
              }
            ],
            "description": "Asking price or current bid; null when unreadable or a range."
          },
          "displayed_price_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The price as shown."
          },
          "displayed_shipping": {
            "anyOf": [
              {
                "$ref": "#/$defs/Money"
              },
              {
                "type": "null"
              }
            ],
            "description": "As on sold rows: exact shipping text only."
          },
          "shipping_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The shipping text as shown."
          },
          "condition": {
            "type": [
              "string",
              "null"
            ],
            "description": "The marketplace's own condition text."
          },
          "brand": {
            "type": "null",
            "description": "Always null on mkt_a."
          },
          "size": {
            "type": "null",
            "description": "Always null on mkt_a."
          },
          "listed_at": {
            "type": "null",
            "description": "Always null on mkt_a."
          },
          "bid_count": {
            "anyOf": [
              {
                "type": "integer",
                "minimum": 0
              },
              {
                "type": "null"
              }
            ],
            "description": "Bids, on auctions."
          },
          "ends_at": {
            "anyOf": [
              {
                "type": "string",
                "format": "date-time"
              },
              {
                "type": "null"
              }
            ],
            "description": "Auction end, ISO 8601 UTC."
          },
          "best_offer": {
            "type": "boolean",
            "description": "The seller accepts offers."
          },
          "seller_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "Username, feedback count and positive percentage."
          },
          "location_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "Item location as shown."
          },
          "image": {
            "anyOf": [
              {
                "type": "string",
                "format": "uri"
              },
              {
                "type": "null"
              }
            ],
            "description": "Image URL on the marketplace image host, or null."
          },
          "comp_kind": {
            "type": "string",
            "enum": [
              "item",
              "accessory",
              "lot",
              "parts",
              "other"
            ],
            "description": "What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated)."
          },
          "comp_reasons": {
            "type": "array",
            "items": {
              "type": "string",
              "minLength": 1
            },
            "description": "Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code."
          }
        }
      },
      "MktASoldResult": {
        "title": "mkt_a/sold result",
        "description": "One source page of mkt_a/sold (interface 2.3).",
        "type": "object",
        "required": [
          "provider",
          "country",
          "query",
          "page",
          "page_size",
          "count",
          "reported_total",
          "next_page",
          "next_cursor",
          "collected_at",
          "schema_version",
          "completeness",
          "field_notes",
          "data",
          "comp_version",
          "comps"
        ],
        "additionalProperties": false,
        "properties": {
          "provider": {
            "type": "string",
            "const": "mkt_a",
            "description": "Marketplace token of the route."
          },
          "country": {
            "type": "string",
            "const": "us",
            "description": "Always `us`."
          },
          "query": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "The `q` sent, extra spaces removed."
          },
          "page": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "description": "Page asked for."
          },
          "page_size": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows on the source page (may exceed `count`)."
          },
          "count": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows in `data`."
          },
          "reported_total": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 0,
            "description": "Total matches the marketplace reports; may be rounded or capped."
          },
          "next_page": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 2,
            "maximum": 100,
            "description": "Send as `page` for the next page; null on the last."
          },
          "next_cursor": {
            "type": "null",
            "description": "Always null: this route pages by `page` alone."
          },
          "collected_at": {
            "type": "string",
            "format": "date-time",
            "description": "When the page was collected (ISO 8601)."
          },
          "schema_version": {
            "type": "integer",
            "const": 1,
            "description": "Shape version of this result: 1."
          },
          "completeness": {
            "type": "string",
            "const": "provider_page_only",
            "description": "Always `provider_page_only`: one source page, not a full history."
          },
          "field_notes": {
            "type": "string",
            "description": "How to read the page."
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/$defs/MktASoldRow"
            },
            "description": "The rows."
          },
          "comp_version": {
            "type": "string",
            "minLength": 1,
            "description": "Version of the judgement rules and word lists the rows were judged with."
          },
          "comps": {
            "$ref": "#/$defs/Comps"
          }
        }
      },
      "MktASoldRow": {
        "title": "mkt_a sold row",
        "description": "A sold listing on mkt_a (interface 2.4).",
        "type": "object",
        "required": [
          "id",
          "title",
          "link",
          "displayed_price",
          "displayed_price_text",
          "displayed_shipping",
          "shipping_text",
          "sold_date",
          "sold_date_text",
          "condition",
          "seller_text",
          "brand",
          "size",
          "image",
          "price",
          "shipping",
          "sold_at",
          "took_offer",
          "comp_kind",
          "comp_reasons"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "type": "string",
            "minLength": 1,
            "description": "The marketplace's listing ID."
          },
          "title": {
            "type": [
              "string",
              "null"
            ],
            "description": "Listing title."
          },
          "link": {
            "type": "string",
            "format": "uri",
            "description": "The listing on the marketplace."
          },
          "displayed_price": {
            "anyOf": [
              {
                "$ref": "#/$defs/Money"
              },
              {
                "type": "null"
              }
            ],
            "description": "The price shown; null for a price range of a multi-variation listing (the range stays in `displayed_price_text`) or when unreadable."
          },
          "displayed_price_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The price as shown."
          },
          "displayed_shipping": {
            "anyOf": [
              {
                "$ref": "#/$defs/Money"
              },
              {
                "type": "null"
              }
            ],
            "description": "Read only from exact shipping text; free delivery is amount 0; estimates and unspecified shipping are null."
          },
          "shipping_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The shipping text as shown."
          },
          "sold_date": {
            "anyOf": [
              {
                "type": "string",
                "format": "date"
              },
              {
                "type": "null"
              }
            ],
            "description": "YYYY-MM-DD: the most recent date matching `sold_date_text` (which has no year)."
          },
          "sold_date_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The sold date as shown, without a year."
          },
          "condition": {
            "type": [
              "string",
              "null"
            ],
            "description": "The marketplace's own condition text."
          },
          "seller_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "Username, feedback count and positive percentage as one string."
          },
          "brand": {
            "type": "null",
            "description": "Always null on mkt_a."
          },
          "size": {
            "type": "null",
            "description": "Always null on mkt_a."
          },
          "image": {
            "anyOf": [
              {
                "type": "string",
                "format": "uri"
              },
              {
                "type": "null"
              }
            ],
            "description": "Image URL on the marketplace image host, or null."
          },
          "price": {
            "type": "null",
            "description": "Reserved; always null (no verified transaction price)."
          },
          "shipping": {
            "type": "null",
            "description": "Reserved; always null."
          },
          "sold_at": {
            "type": "null",
            "description": "Reserved; always null."
          },
          "took_offer": {
            "type": "null",
            "description": "Reserved; always null."
          },
          "comp_kind": {
            "type": "string",
            "enum": [
              "item",
              "accessory",
              "lot",
              "parts",
              "other"
            ],
            "description": "What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated)."
          },
          "comp_reasons": {
            "type": "array",
            "items": {
              "type": "string",
              "minLength": 1
            },
            "description": "Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code."
          }
        }
      },
      "MktBListingsResult": {
        "title": "mkt_b/listings result",
        "description": "One source page of mkt_b/listings (interface 2.3).",
        "type": "object",
        "required": [
          "provider",
          "country",
          "query",
          "page",
          "page_size",
          "count",
          "reported_total",
          "next_page",
          "next_cursor",
          "collected_at",
          "schema_version",
          "completeness",
          "field_notes",
          "data",
          "comp_version",
          "comps"
        ],
        "additionalProperties": false,
        "properties": {
          "provider": {
            "type": "string",
            "const": "mkt_b",
            "description": "Marketplace token of the route."
          },
          "country": {
            "type": "string",
            "const": "us",
            "description": "Always `us`."
          },
          "query": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "The `q` sent, extra spaces removed."
          },
          "page": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "description": "Page asked for."
          },
          "page_size": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows on the source page (may exceed `count`)."
          },
          "count": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows in `data`."
          },
          "reported_total": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 0,
            "description": "Total matches the marketplace reports; may be rounded or capped."
          },
          "next_page": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 2,
            "maximum": 100,
            "description": "Send as `page` for the next page; null on the last."
          },
          "next_cursor": {
            "type": [
              "string",
              "null"
            ],
            "minLength": 1,
            "description": "Send as `cursor` with `page` = `next_page`; null on the last page."
          },
          "collected_at": {
            "type": "string",
            "format": "date-time",
            "description": "When the page was collected (ISO 8601)."
          },
          "schema_version": {
            "type": "integer",
            "const": 1,
            "description": "Shape version of this result: 1."
          },
          "completeness": {
            "type": "string",
            "const": "provider_page_only",
            "description": "Always `provider_page_only`: one source page, not a full history."
          },
          "field_notes": {
            "type": "string",
            "description": "How to read the page."
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/$defs/MktBListingsRow"
            },
            "description": "The rows."
          },
          "comp_version": {
            "type": "string",
            "minLength": 1,
            "description": "Version of the judgement rules and word lists the rows were judged with."
          },
          "comps": {
            "$ref": "#/$defs/Comps"
          }
        }
      },
      "MktBListingsRow": {
        "title": "mkt_b listings row",
        "description": "An active listing on mkt_b (defined in docs/marketplaces/mkt_b.md; the interface does not show it).",
        "type": "object",
        "required": [
          "id",
          "title",
          "link",
          "promoted",
          "format",
          "displayed_price",
          "displayed_price_text",
          "displayed_shipping",
          "shipping_text",
          "condition",
          "brand",
          "size",
          "listed_at",
          "bid_count",
          "ends_at",
          "best_offer",
          "seller_text",
          "location_text",
          "image",
          "comp_kind",
          "comp_reasons"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "type": "string",
            "minLength": 1,
            "description": "The marketplace's listing ID."
          },
          "title": {
            "type": [
              "string",
              "null"
            ],
            "description": "Listing title."
          },
          "link": {
            "type": "string",
            "format": "uri",
            "description": "The listing on the marketplace."
          },
          "promoted": {
            "type": "null",
            "description": "Null: search results do not say."
          },
          "format": {
            "type": "string",
            "const": "fixed_price",
            "description": "Always `fixed_price` (no auctions)."
          },
          "displayed_price": {
            "anyOf": [
              {
                "$ref": "#/$defs/Money"
              },
              {
                "type": "null"
              }
            ],
            "description": "The asking price."
          },
          "displayed_price_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The price as shown."
          },
          "displayed_shipping": {
            "type": "null",
            "description": "Always null."
          },
          "shipping_text": {
            "type": "null",
            "description": "Always null."
          },
          "condition": {
            "anyOf": [
              {
                "type": "string",
                "enum": [
                  "nwt",
                  "uln",
                  "ug",
                  "uf"
                ]
              },
              {
                "type": "null"
              }
            ],
            "description": "Condition code."
          },
          "brand": {
            "type": [
              "string",
              "null"
            ],
            "description": "Brand, when shown."
          },
          "size": {
            "type": [
              "string",
              "null"
            ],
            "description": "Size, when shown."
          },
          "listed_at": {
            "anyOf": [
              {
                "type": "string",
                "format": "date-time"
              },
              {
                "type": "null"
              }
            ],
            "description": "First published, UTC ISO 8601."
          },
          "bid_count": {
            "type": "null",
            "description": "Always null."
          },
          "ends_at": {
            "type": "null",
            "description": "Always null."
          },
          "best_offer": {
            "type": "null",
            "description": "Always null."
          },
          "seller_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The seller username."
          },
          "location_text": {
            "type": "null",
            "description": "Always null."
          },
          "image": {
            "anyOf": [
              {
                "type": "string",
                "format": "uri"
              },
              {
                "type": "null"
              }
            ],
            "description": "Image URL on the marketplace image host, or null."
          },
          "comp_kind": {
            "type": "string",
            "enum": [
              "item",
              "accessory",
              "lot",
              "parts",
              "other"
            ],
            "description": "What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated)."
          },
          "comp_reasons": {
            "type": "array",
            "items": {
              "type": "string",
              "minLength": 1
            },
            "description": "Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code."
          }
        }
      },
      "MktBSoldResult": {
        "title": "mkt_b/sold result",
        "description": "One source page of mkt_b/sold (interface 2.3).",
        "type": "object",
        "required": [
          "provider",
          "country",
          "query",
          "page",
          "page_size",
          "count",
          "reported_total",
          "next_page",
          "next_cursor",
          "collected_at",
          "schema_version",
          "completeness",
          "field_notes",
          "data",
          "comp_version",
          "comps"
        ],
        "additionalProperties": false,
        "properties": {
          "provider": {
            "type": "string",
            "const": "mkt_b",
            "description": "Marketplace token of the route."
          },
          "country": {
            "type": "string",
            "const": "us",
            "description": "Always `us`."
          },
          "query": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "The `q` sent, extra spaces removed."
          },
          "page": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "description": "Page asked for."
          },
          "page_size": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows on the source page (may exceed `count`)."
          },
          "count": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows in `data`."
          },
          "reported_total": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 0,
            "description": "Total matches the marketplace reports; may be rounded or capped."
          },
          "next_page": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 2,
            "maximum": 100,
            "description": "Send as `page` for the next page; null on the last."
          },
          "next_cursor": {
            "type": [
              "string",
              "null"
            ],
            "minLength": 1,
            "description": "Send as `cursor` with `page` = `next_page`; null on the last page."
          },
          "collected_at": {
            "type": "string",
            "format": "date-time",
            "description": "When the page was collected (ISO 8601)."
          },
          "schema_version": {
            "type": "integer",
            "const": 1,
            "description": "Shape version of this result: 1."
          },
          "completeness": {
            "type": "string",
            "const": "provider_page_only",
            "description": "Always `provider_page_only`: one source page, not a full history."
          },
          "field_notes": {
            "type": "string",
            "description": "How to read the page."
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/$defs/MktBSoldRow"
            },
            "description": "The rows."
          },
          "comp_version": {
            "type": "string",
            "minLength": 1,
            "description": "Version of the judgement rules and word lists the rows were judged with."
          },
          "comps": {
            "$ref": "#/$defs/Comps"
          }
        }
      },
      "MktBSoldRow": {
        "title": "mkt_b sold row",
        "description": "A sold (sold-out inventory) listing on mkt_b (interface 2.4).",
        "type": "object",
        "required": [
          "id",
          "title",
          "link",
          "displayed_price",
          "displayed_price_text",
          "displayed_shipping",
          "shipping_text",
          "sold_date",
          "sold_date_text",
          "condition",
          "seller_text",
          "brand",
          "size",
          "image",
          "price",
          "shipping",
          "sold_at",
          "took_offer",
          "comp_kind",
          "comp_reasons"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "type": "string",
            "minLength": 1,
            "description": "The marketplace's listing ID."
          },
          "title": {
            "type": [
              "string",
              "null"
            ],
            "description": "Listing title."
          },
          "link": {
            "type": "string",
            "format": "uri",
            "description": "The listing on the marketplace."
          },
          "displayed_price": {
            "anyOf": [
              {
                "$ref": "#/$defs/Money"
              },
              {
                "type": "null"
              }
            ],
            "description": "The listing ask, not a transaction amount."
          },
          "displayed_price_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The price as shown."
          },
          "displayed_shipping": {
            "anyOf": [
              {
                "$ref": "#/$defs/Money"
              },
              {
                "type": "null"
              }
            ],
            "description": "Not shown by the marketplace in search; null."
          },
          "shipping_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "Not shown by the marketplace in search; null."
          },
          "sold_date": {
            "anyOf": [
              {
                "type": "string",
                "format": "date"
              },
              {
                "type": "null"
              }
            ],
            "description": "The date part of `sold_date_text`."
          },
          "sold_date_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "Timestamp (with UTC offset) of the inventory change to sold out."
          },
          "condition": {
            "anyOf": [
              {
                "type": "string",
                "enum": [
                  "nwt",
                  "uln",
                  "ug",
                  "uf"
                ]
              },
              {
                "type": "null"
              }
            ],
            "description": "`nwt` new with tags, `uln` like new, `ug` good, `uf` fair."
          },
          "seller_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The seller username."
          },
          "brand": {
            "type": [
              "string",
              "null"
            ],
            "description": "Brand, when shown."
          },
          "size": {
            "type": [
              "string",
              "null"
            ],
            "description": "Size, when shown."
          },
          "image": {
            "anyOf": [
              {
                "type": "string",
                "format": "uri"
              },
              {
                "type": "null"
              }
            ],
            "description": "Image URL on the marketplace image host, or null."
          },
          "price": {
            "type": "null",
            "description": "Reserved; always null (no verified transaction price)."
          },
          "shipping": {
            "type": "null",
            "description": "Reserved; always null."
          },
          "sold_at": {
            "type": "null",
            "description": "Reserved; always null."
          },
          "took_offer": {
            "type": "null",
            "description": "Reserved; always null."
          },
          "comp_kind": {
            "type": "string",
            "enum": [
              "item",
              "accessory",
              "lot",
              "parts",
              "other"
            ],
            "description": "What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated)."
          },
          "comp_reasons": {
            "type": "array",
            "items": {
              "type": "string",
              "minLength": 1
            },
            "description": "Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code."
          }
        }
      },
      "MktCSoldResult": {
        "title": "mkt_c/sold result",
        "description": "One source page of mkt_c/sold (interface 2.3).",
        "type": "object",
        "required": [
          "provider",
          "country",
          "query",
          "page",
          "page_size",
          "count",
          "reported_total",
          "next_page",
          "next_cursor",
          "collected_at",
          "schema_version",
          "completeness",
          "field_notes",
          "data",
          "comp_version",
          "comps"
        ],
        "additionalProperties": false,
        "properties": {
          "provider": {
            "type": "string",
            "const": "mkt_c",
            "description": "Marketplace token of the route."
          },
          "country": {
            "type": "string",
            "const": "us",
            "description": "Always `us`."
          },
          "query": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "The `q` sent, extra spaces removed."
          },
          "page": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "description": "Page asked for."
          },
          "page_size": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows on the source page (may exceed `count`)."
          },
          "count": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows in `data`."
          },
          "reported_total": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 0,
            "description": "Total matches the marketplace reports; may be rounded or capped."
          },
          "next_page": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 2,
            "maximum": 100,
            "description": "Send as `page` for the next page; null on the last."
          },
          "next_cursor": {
            "type": [
              "string",
              "null"
            ],
            "minLength": 1,
            "description": "Send as `cursor` with `page` = `next_page`; null on the last page."
          },
          "collected_at": {
            "type": "string",
            "format": "date-time",
            "description": "When the page was collected (ISO 8601)."
          },
          "schema_version": {
            "type": "integer",
            "const": 1,
            "description": "Shape version of this result: 1."
          },
          "completeness": {
            "type": "string",
            "const": "provider_page_only",
            "description": "Always `provider_page_only`: one source page, not a full history."
          },
          "field_notes": {
            "type": "string",
            "description": "How to read the page."
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/$defs/MktCSoldRow"
            },
            "description": "The rows."
          },
          "comp_version": {
            "type": "string",
            "minLength": 1,
            "description": "Version of the judgement rules and word lists the rows were judged with."
          },
          "comps": {
            "$ref": "#/$defs/Comps"
          }
        }
      },
      "MktCSoldRow": {
        "title": "mkt_c sold row",
        "description": "A sold listing on mkt_c (interface 2.4); sales in progress and trading items are left out.",
        "type": "object",
        "required": [
          "id",
          "title",
          "link",
          "displayed_price",
          "displayed_price_text",
          "displayed_shipping",
          "shipping_text",
          "sold_date",
          "sold_date_text",
          "condition",
          "seller_text",
          "brand",
          "size",
          "image",
          "price",
          "shipping",
          "sold_at",
          "took_offer",
          "status",
          "seller_id",
          "condition_id",
          "category_id",
          "brand_id",
          "comp_kind",
          "comp_reasons"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "type": "string",
            "minLength": 1,
            "description": "The marketplace's listing ID."
          },
          "title": {
            "type": [
              "string",
              "null"
            ],
            "description": "Listing title."
          },
          "link": {
            "type": "string",
            "format": "uri",
            "description": "The listing on the marketplace."
          },
          "displayed_price": {
            "$ref": "#/$defs/Money",
            "description": "The price shown; always an object."
          },
          "displayed_price_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The price as shown."
          },
          "displayed_shipping": {
            "type": "null",
            "description": "Always null on mkt_c."
          },
          "shipping_text": {
            "type": "null",
            "description": "Always null on mkt_c."
          },
          "sold_date": {
            "anyOf": [
              {
                "type": "string",
                "format": "date"
              },
              {
                "type": "null"
              }
            ],
            "description": "The date part of `sold_date_text`; null when no sold time is reported."
          },
          "sold_date_text": {
            "anyOf": [
              {
                "type": "string",
                "format": "date-time"
              },
              {
                "type": "null"
              }
            ],
            "description": "UTC timestamp of the sale as the marketplace reports it."
          },
          "condition": {
            "anyOf": [
              {
                "type": "string",
                "enum": [
                  "New",
                  "Like New",
                  "Good",
                  "Fair",
                  "Poor"
                ]
              },
              {
                "type": "null"
              }
            ],
            "description": "Condition label."
          },
          "seller_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The seller ID as a string."
          },
          "brand": {
            "type": "null",
            "description": "Always null on mkt_c (see `brand_id`)."
          },
          "size": {
            "type": "null",
            "description": "Always null on mkt_c."
          },
          "image": {
            "anyOf": [
              {
                "type": "string",
                "format": "uri"
              },
              {
                "type": "null"
              }
            ],
            "description": "Image URL on the marketplace image host, or null."
          },
          "price": {
            "type": "null",
            "description": "Reserved; always null (no verified transaction price)."
          },
          "shipping": {
            "type": "null",
            "description": "Reserved; always null."
          },
          "sold_at": {
            "type": "null",
            "description": "Reserved; always null."
          },
          "took_offer": {
            "type": "null",
            "description": "Reserved; always null."
          },
          "status": {
            "type": "string",
            "const": "sold",
            "description": "Always `sold`."
          },
          "seller_id": {
            "type": [
              "string",
              "null"
            ],
            "description": "Seller ID."
          },
          "condition_id": {
            "anyOf": [
              {
                "type": "integer",
                "enum": [
                  1,
                  2,
                  3,
                  4,
                  5
                ]
              },
              {
                "type": "null"
              }
            ],
            "description": "1 new, 2 like new, 3 good, 4 fair, 5 poor."
          },
          "category_id": {
            "anyOf": [
              {
                "type": "integer"
              },
              {
                "type": "null"
              }
            ],
            "description": "Numeric category ID."
          },
          "brand_id": {
            "anyOf": [
              {
                "type": "integer"
              },
              {
                "type": "null"
              }
            ],
            "description": "Numeric brand ID (the brand name is not returned)."
          },
          "comp_kind": {
            "type": "string",
            "enum": [
              "item",
              "accessory",
              "lot",
              "parts",
              "other"
            ],
            "description": "What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated)."
          },
          "comp_reasons": {
            "type": "array",
            "items": {
              "type": "string",
              "minLength": 1
            },
            "description": "Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code."
          }
        }
      },
      "MktDListingsResult": {
        "title": "mkt_d/listings result",
        "description": "One source page of mkt_d/listings (interface 2.3).",
        "type": "object",
        "required": [
          "provider",
          "country",
          "query",
          "page",
          "page_size",
          "count",
          "reported_total",
          "next_page",
          "next_cursor",
          "collected_at",
          "schema_version",
          "completeness",
          "field_notes",
          "data",
          "comp_version",
          "comps"
        ],
        "additionalProperties": false,
        "properties": {
          "provider": {
            "type": "string",
            "const": "mkt_d",
            "description": "Marketplace token of the route."
          },
          "country": {
            "type": "string",
            "const": "us",
            "description": "Always `us`."
          },
          "query": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "The `q` sent, extra spaces removed."
          },
          "page": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "description": "Page asked for."
          },
          "page_size": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows on the source page (may exceed `count`)."
          },
          "count": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows in `data`."
          },
          "reported_total": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 0,
            "description": "Total matches the marketplace reports; may be rounded or capped."
          },
          "next_page": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 2,
            "maximum": 100,
            "description": "Send as `page` for the next page; null on the last."
          },
          "next_cursor": {
            "type": [
              "string",
              "null"
            ],
            "minLength": 1,
            "description": "Send as `cursor` with `page` = `next_page`; null on the last page."
          },
          "collected_at": {
            "type": "string",
            "format": "date-time",
            "description": "When the page was collected (ISO 8601)."
          },
          "schema_version": {
            "type": "integer",
            "const": 1,
            "description": "Shape version of this result: 1."
          },
          "completeness": {
            "type": "string",
            "const": "provider_page_only",
            "description": "Always `provider_page_only`: one source page, not a full history."
          },
          "field_notes": {
            "type": "string",
            "description": "How to read the page."
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/$defs/MktDListingsRow"
            },
            "description": "The rows."
          },
          "comp_version": {
            "type": "string",
            "minLength": 1,
            "description": "Version of the judgement rules and word lists the rows were judged with."
          },
          "comps": {
            "$ref": "#/$defs/Comps"
          }
        }
      },
      "MktDListingsRow": {
        "title": "mkt_d listings row",
        "description": "An active USD listing on mkt_d (interface 2.5); other currencies and inactive listings are dropped.",
        "type": "object",
        "required": [
          "id",
          "title",
          "link",
          "displayed_price",
          "displayed_price_text",
          "price_includes",
          "displayed_shipping",
          "shipping_text",
          "condition",
          "seller_text",
          "brand",
          "size",
          "image",
          "status",
          "promoted",
          "format",
          "listed_at",
          "bid_count",
          "ends_at",
          "best_offer",
          "location_text",
          "comp_kind",
          "comp_reasons"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "type": "string",
            "minLength": 1,
            "description": "The marketplace's listing ID."
          },
          "title": {
            "anyOf": [
              {
                "type": "string",
                "maxLength": 2000
              },
              {
                "type": "null"
              }
            ],
            "description": "The listing description, up to 2,000 characters."
          },
          "link": {
            "type": "string",
            "format": "uri",
            "description": "The listing on the marketplace."
          },
          "displayed_price": {
            "$ref": "#/$defs/Money",
            "description": "The headline USD price; may include buyer fee, shipping or tax (`price_includes`); not the checkout total."
          },
          "displayed_price_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The price as text."
          },
          "price_includes": {
            "type": "array",
            "uniqueItems": true,
            "items": {
              "type": "string",
              "enum": [
                "buyer_fee",
                "shipping_price",
                "tax"
              ]
            },
            "description": "What the headline price includes; empty means none."
          },
          "displayed_shipping": {
            "type": "null",
            "description": "Always null."
          },
          "shipping_text": {
            "type": "null",
            "description": "Always null."
          },
          "condition": {
            "anyOf": [
              {
                "type": "string",
                "enum": [
                  "brand_new",
                  "used_like_new",
                  "used_excellent",
                  "used_good",
                  "used_fair"
                ]
              },
              {
                "type": "null"
              }
            ],
            "description": "Condition code."
          },
          "seller_text": {
            "type": "null",
            "description": "Always null."
          },
          "brand": {
            "type": [
              "string",
              "null"
            ],
            "description": "Brand."
          },
          "size": {
            "type": [
              "string",
              "null"
            ],
            "description": "Available sizes."
          },
          "image": {
            "anyOf": [
              {
                "type": "string",
                "format": "uri"
              },
              {
                "type": "null"
              }
            ],
            "description": "Image URL on the marketplace image host, or null."
          },
          "status": {
            "type": "string",
            "const": "active",
            "description": "Always `active`."
          },
          "promoted": {
            "type": [
              "boolean",
              "null"
            ],
            "description": "Boosted."
          },
          "format": {
            "type": "string",
            "const": "fixed_price",
            "description": "Always `fixed_price`."
          },
          "listed_at": {
            "type": "null",
            "description": "Always null."
          },
          "bid_count": {
            "type": "null",
            "description": "Always null."
          },
          "ends_at": {
            "type": "null",
            "description": "Always null."
          },
          "best_offer": {
            "type": "null",
            "description": "Always null."
          },
          "location_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "Location as shown."
          },
          "comp_kind": {
            "type": "string",
            "enum": [
              "item",
              "accessory",
              "lot",
              "parts",
              "other"
            ],
            "description": "What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated)."
          },
          "comp_reasons": {
            "type": "array",
            "items": {
              "type": "string",
              "minLength": 1
            },
            "description": "Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code."
          }
        }
      },
      "MktEListingsResult": {
        "title": "mkt_e/listings result",
        "description": "One source page of mkt_e/listings (interface 2.3).",
        "type": "object",
        "required": [
          "provider",
          "country",
          "query",
          "page",
          "page_size",
          "count",
          "reported_total",
          "next_page",
          "next_cursor",
          "collected_at",
          "schema_version",
          "completeness",
          "field_notes",
          "data",
          "location",
          "category_id",
          "vehicle_search",
          "comp_version",
          "comps"
        ],
        "additionalProperties": false,
        "properties": {
          "provider": {
            "type": "string",
            "const": "mkt_e",
            "description": "Marketplace token of the route."
          },
          "country": {
            "type": "string",
            "const": "us",
            "description": "Always `us`."
          },
          "query": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "The `q` sent, extra spaces removed."
          },
          "page": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "description": "Page asked for."
          },
          "page_size": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows on the source page (may exceed `count`)."
          },
          "count": {
            "type": "integer",
            "minimum": 0,
            "description": "Rows in `data`."
          },
          "reported_total": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 0,
            "description": "Total matches the marketplace reports; may be rounded or capped."
          },
          "next_page": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 2,
            "maximum": 100,
            "description": "Send as `page` for the next page; null on the last."
          },
          "next_cursor": {
            "type": [
              "string",
              "null"
            ],
            "minLength": 1,
            "description": "Send as `cursor` with `page` = `next_page`; null on the last page."
          },
          "collected_at": {
            "type": "string",
            "format": "date-time",
            "description": "When the page was collected (ISO 8601)."
          },
          "schema_version": {
            "type": "integer",
            "const": 2,
            "description": "Shape version of this result: 2."
          },
          "completeness": {
            "type": "string",
            "const": "provider_page_only",
            "description": "Always `provider_page_only`: one source page, not a full history."
          },
          "field_notes": {
            "type": "string",
            "description": "How to read the page."
          },
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/$defs/MktEListingsRow"
            },
            "description": "The rows."
          },
          "location": {
            "type": "object",
            "description": "Where the search was centred and how far it reached.",
            "required": [
              "zip",
              "latitude",
              "longitude",
              "radius_miles",
              "requested_radius_miles",
              "widened_radius_miles"
            ],
            "additionalProperties": false,
            "properties": {
              "zip": {
                "anyOf": [
                  {
                    "type": "string",
                    "pattern": "^[0-9]{5}$"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "The ZIP sent, or null when `lat`/`lon` were sent."
              },
              "latitude": {
                "type": "number",
                "minimum": -90,
                "maximum": 90,
                "description": "Centre, decimal degrees."
              },
              "longitude": {
                "type": "number",
                "minimum": -180,
                "maximum": 180,
                "description": "Centre, decimal degrees."
              },
              "radius_miles": {
                "type": "integer",
                "minimum": 1,
                "description": "The radius applied."
              },
              "requested_radius_miles": {
                "anyOf": [
                  {
                    "type": "integer"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "The `radius` sent, or null."
              },
              "widened_radius_miles": {
                "anyOf": [
                  {
                    "type": "integer"
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "The wider radius the marketplace used for this page when nearby results ran out, else null."
              }
            }
          },
          "category_id": {
            "type": [
              "string",
              "null"
            ],
            "description": "The category the marketplace applied, including one inferred from keywords (`5.1` cars and trucks)."
          },
          "vehicle_search": {
            "type": "boolean",
            "description": "The search was treated as cars and trucks."
          },
          "comp_version": {
            "type": "string",
            "minLength": 1,
            "description": "Version of the judgement rules and word lists the rows were judged with."
          },
          "comps": {
            "$ref": "#/$defs/Comps"
          }
        }
      },
      "MktEListingsRow": {
        "title": "mkt_e listings row",
        "description": "A local active listing on mkt_e (interface 2.5).",
        "type": "object",
        "required": [
          "id",
          "title",
          "link",
          "displayed_price",
          "displayed_price_text",
          "call_for_price",
          "firm_price",
          "condition",
          "location_text",
          "city",
          "state",
          "image",
          "vehicle_miles",
          "promoted",
          "flags",
          "comp_kind",
          "comp_reasons"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "type": "string",
            "minLength": 1,
            "description": "The marketplace's listing ID."
          },
          "title": {
            "type": "string",
            "maxLength": 2000,
            "description": "Title, up to 2,000 characters."
          },
          "link": {
            "type": "string",
            "format": "uri",
            "description": "The listing on the marketplace."
          },
          "displayed_price": {
            "anyOf": [
              {
                "$ref": "#/$defs/Money"
              },
              {
                "type": "null"
              }
            ],
            "description": "USD ask; null when the seller asks buyers to call."
          },
          "displayed_price_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The price as text."
          },
          "call_for_price": {
            "type": "boolean",
            "description": "The seller asks buyers to call for the price."
          },
          "firm_price": {
            "type": [
              "boolean",
              "null"
            ],
            "description": "The seller marked the price firm."
          },
          "condition": {
            "type": [
              "string",
              "null"
            ],
            "description": "Condition; usually null in search."
          },
          "location_text": {
            "type": [
              "string",
              "null"
            ],
            "description": "The area the seller chose, not an address."
          },
          "city": {
            "type": [
              "string",
              "null"
            ],
            "description": "From `City, ST` text."
          },
          "state": {
            "anyOf": [
              {
                "type": "string",
                "pattern": "^[A-Z]{2}$"
              },
              {
                "type": "null"
              }
            ],
            "description": "Two-letter state."
          },
          "image": {
            "anyOf": [
              {
                "type": "string",
                "format": "uri"
              },
              {
                "type": "null"
              }
            ],
            "description": "Thumbnail URL."
          },
          "vehicle_miles": {
            "anyOf": [
              {
                "type": "integer",
                "minimum": 0
              },
              {
                "type": "null"
              }
            ],
            "description": "Odometer miles of a vehicle."
          },
          "promoted": {
            "type": "boolean",
            "description": "Paid placement."
          },
          "flags": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "description": "Raw source flags (local pickup, call for price, …)."
          },
          "comp_kind": {
            "type": "string",
            "enum": [
              "item",
              "accessory",
              "lot",
              "parts",
              "other"
            ],
            "description": "What the row is relative to the query (an extension of the interface, judged by the service; see `comp_reasons`). `item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); `accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; `lot`: several units, or the product bundled with other items of real value; `parts`: the product itself sold broken, for parts or repair, locked or missing a main component; `other`: another product (another model or generation, another brand, a replica, unrelated)."
          },
          "comp_reasons": {
            "type": "array",
            "items": {
              "type": "string",
              "minLength": 1
            },
            "description": "Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code."
          }
        }
      },
      "Money": {
        "type": "object",
        "description": "A displayed amount in US dollars.",
        "required": [
          "amount",
          "currency"
        ],
        "additionalProperties": false,
        "properties": {
          "amount": {
            "type": "number",
            "minimum": 0,
            "description": "Dollars, with cents as decimals."
          },
          "currency": {
            "type": "string",
            "const": "USD",
            "description": "Always `USD`."
          }
        },
        "examples": [
          {
            "amount": 129.99,
            "currency": "USD"
          }
        ]
      },
      "PriceFigures": {
        "type": "object",
        "description": "Figures of a set of USD amounts (displayed prices: asks or headline amounts, never verified transaction prices). Every figure is null when `count` is 0.",
        "required": [
          "count",
          "median",
          "p25",
          "p75",
          "low",
          "high",
          "median_ci90"
        ],
        "additionalProperties": false,
        "properties": {
          "count": {
            "type": "integer",
            "minimum": 0,
            "description": "Amounts the figures are over."
          },
          "median": {
            "type": [
              "number",
              "null"
            ],
            "description": "The middle amount, or the mean of the two middle ones."
          },
          "p25": {
            "type": [
              "number",
              "null"
            ],
            "description": "Lower hinge (Tukey's: the median of the lower half)."
          },
          "p75": {
            "type": [
              "number",
              "null"
            ],
            "description": "Upper hinge (the median of the upper half)."
          },
          "low": {
            "type": [
              "number",
              "null"
            ],
            "description": "Lowest amount."
          },
          "high": {
            "type": [
              "number",
              "null"
            ],
            "description": "Highest amount."
          },
          "median_ci90": {
            "anyOf": [
              {
                "type": "object",
                "required": [
                  "low",
                  "high",
                  "level",
                  "coverage"
                ],
                "additionalProperties": false,
                "properties": {
                  "low": {
                    "type": "number",
                    "description": "Lower bound: an order statistic of the amounts."
                  },
                  "high": {
                    "type": "number",
                    "description": "Upper bound: an order statistic of the amounts."
                  },
                  "level": {
                    "type": "number",
                    "const": 0.9,
                    "description": "The confidence asked for: 0.9."
                  },
                  "coverage": {
                    "type": "number",
                    "minimum": 0.9,
                    "maximum": 1,
                    "description": "The exact coverage of these two order statistics (at least `level`)."
                  }
                }
              },
              {
                "type": "null"
              }
            ],
            "description": "A distribution-free 90 % confidence interval of the median from order statistics (binomial, no assumption on the shape of prices); null with fewer than 5 amounts."
          }
        }
      }
    }
  },
  "watchCreate": {
    "type": "object",
    "required": [
      "search"
    ],
    "additionalProperties": false,
    "properties": {
      "search": {
        "$ref": "#/$defs/WatchSearch"
      },
      "schedule": {
        "$ref": "#/$defs/WatchSchedule"
      },
      "rules": {
        "anyOf": [
          {
            "$ref": "#/$defs/WatchRules"
          },
          {
            "type": "null"
          }
        ]
      },
      "webhook_endpoint_id": {
        "type": [
          "string",
          "null"
        ],
        "description": "An endpoint of the account and mode that receives watch.matched; without one, runs record their matches only."
      },
      "notify_on_first_run": {
        "type": "boolean",
        "description": "Report every row that passes the rules on the first run (default: the first run records a baseline and reports nothing)."
      },
      "name": {
        "type": [
          "string",
          "null"
        ],
        "minLength": 1,
        "maxLength": 100
      }
    },
    "$defs": {
      "WatchRules": {
        "type": "object",
        "additionalProperties": false,
        "description": "Which rows a run reports: every rule set must pass (null or absent: no such rule).",
        "properties": {
          "min_price": {
            "type": [
              "number",
              "null"
            ],
            "minimum": 0,
            "maximum": 1000000,
            "description": "Dollars: `displayed_price.amount` at least this (a row without a displayed price fails)."
          },
          "max_price": {
            "type": [
              "number",
              "null"
            ],
            "minimum": 0,
            "maximum": 1000000,
            "description": "Dollars: `displayed_price.amount` at most this."
          },
          "conditions": {
            "type": [
              "array",
              "null"
            ],
            "minItems": 1,
            "maxItems": 20,
            "items": {
              "type": "string",
              "minLength": 1,
              "maxLength": 100
            },
            "description": "Values compared with the row's `condition`, without case."
          },
          "include_words": {
            "type": [
              "array",
              "null"
            ],
            "minItems": 1,
            "maxItems": 20,
            "items": {
              "type": "string",
              "minLength": 1,
              "maxLength": 100
            },
            "description": "Every one must appear in the title (whole words, without case)."
          },
          "exclude_words": {
            "type": [
              "array",
              "null"
            ],
            "minItems": 1,
            "maxItems": 20,
            "items": {
              "type": "string",
              "minLength": 1,
              "maxLength": 100
            },
            "description": "None may appear in the title."
          },
          "kinds": {
            "type": [
              "array",
              "null"
            ],
            "minItems": 1,
            "maxItems": 5,
            "uniqueItems": true,
            "items": {
              "type": "string",
              "enum": [
                "item",
                "accessory",
                "lot",
                "parts",
                "other"
              ]
            },
            "description": "The row's `comp_kind` must be one of these: `[\"item\"]` reports the product searched, not its cases, lots or units for parts (a row without a judgement fails)."
          }
        }
      },
      "WatchSchedule": {
        "type": "object",
        "required": [
          "every_seconds"
        ],
        "additionalProperties": false,
        "properties": {
          "every_seconds": {
            "type": "integer",
            "minimum": 1,
            "maximum": 86400,
            "description": "900 (every 15 minutes) to 86400 (every 24 hours); sandbox keys from WATCH_SANDBOX_MIN_SECONDS (900 unless the operator lowers it). Default 3600."
          }
        }
      },
      "WatchSearch": {
        "type": "object",
        "required": [
          "endpoint",
          "q"
        ],
        "additionalProperties": true,
        "description": "The search, as a batch item takes it: `endpoint` plus the inputs its GET route takes (validated the same way), without `pages` or `cursor`.",
        "properties": {
          "endpoint": {
            "type": "string",
            "enum": [
              "mkt_a/sold",
              "mkt_a/listings",
              "mkt_b/sold",
              "mkt_b/listings",
              "mkt_c/sold",
              "mkt_d/listings",
              "mkt_e/listings"
            ]
          },
          "q": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          }
        }
      }
    }
  },
  "watch": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "id",
      "name",
      "mode",
      "status",
      "search",
      "schedule",
      "rules",
      "webhook_endpoint_id",
      "notify_on_first_run",
      "created_at",
      "updated_at",
      "next_run_at",
      "last_run"
    ],
    "properties": {
      "id": {
        "type": "string",
        "pattern": "^wat_[0-9A-Za-z]{22}$"
      },
      "name": {
        "type": [
          "string",
          "null"
        ]
      },
      "mode": {
        "type": "string",
        "enum": [
          "live",
          "sandbox"
        ]
      },
      "status": {
        "type": "string",
        "enum": [
          "active",
          "paused"
        ]
      },
      "search": {
        "type": "object",
        "additionalProperties": true,
        "description": "`endpoint`, `q` and every parameter of the route as validated (defaults applied)."
      },
      "schedule": {
        "type": "object",
        "required": [
          "every_seconds"
        ],
        "additionalProperties": false,
        "properties": {
          "every_seconds": {
            "type": "integer",
            "minimum": 1,
            "maximum": 86400,
            "description": "900 (every 15 minutes) to 86400 (every 24 hours); sandbox keys from WATCH_SANDBOX_MIN_SECONDS (900 unless the operator lowers it). Default 3600."
          }
        }
      },
      "rules": {
        "type": "object",
        "additionalProperties": false,
        "description": "Which rows a run reports: every rule set must pass (null or absent: no such rule).",
        "properties": {
          "min_price": {
            "type": [
              "number",
              "null"
            ],
            "minimum": 0,
            "maximum": 1000000,
            "description": "Dollars: `displayed_price.amount` at least this (a row without a displayed price fails)."
          },
          "max_price": {
            "type": [
              "number",
              "null"
            ],
            "minimum": 0,
            "maximum": 1000000,
            "description": "Dollars: `displayed_price.amount` at most this."
          },
          "conditions": {
            "type": [
              "array",
              "null"
            ],
            "minItems": 1,
            "maxItems": 20,
            "items": {
              "type": "string",
              "minLength": 1,
              "maxLength": 100
            },
            "description": "Values compared with the row's `condition`, without case."
          },
          "include_words": {
            "type": [
              "array",
              "null"
            ],
            "minItems": 1,
            "maxItems": 20,
            "items": {
              "type": "string",
              "minLength": 1,
              "maxLength": 100
            },
            "description": "Every one must appear in the title (whole words, without case)."
          },
          "exclude_words": {
            "type": [
              "array",
              "null"
            ],
            "minItems": 1,
            "maxItems": 20,
            "items": {
              "type": "string",
              "minLength": 1,
              "maxLength": 100
            },
            "description": "None may appear in the title."
          },
          "kinds": {
            "type": [
              "array",
              "null"
            ],
            "minItems": 1,
            "maxItems": 5,
            "uniqueItems": true,
            "items": {
              "type": "string",
              "enum": [
                "item",
                "accessory",
                "lot",
                "parts",
                "other"
              ]
            },
            "description": "The row's `comp_kind` must be one of these: `[\"item\"]` reports the product searched, not its cases, lots or units for parts (a row without a judgement fails)."
          }
        },
        "required": [
          "min_price",
          "max_price",
          "conditions",
          "include_words",
          "exclude_words",
          "kinds"
        ]
      },
      "webhook_endpoint_id": {
        "type": [
          "string",
          "null"
        ]
      },
      "notify_on_first_run": {
        "type": "boolean"
      },
      "created_at": {
        "type": "string",
        "format": "date-time"
      },
      "updated_at": {
        "type": "string",
        "format": "date-time"
      },
      "next_run_at": {
        "type": [
          "string",
          "null"
        ],
        "format": "date-time"
      },
      "last_run": {
        "anyOf": [
          {
            "$ref": "#/$defs/WatchRun"
          },
          {
            "type": "null"
          }
        ]
      }
    },
    "$defs": {
      "WatchMatchSummary": {
        "type": "object",
        "required": [
          "id",
          "reason",
          "title",
          "link",
          "displayed_price",
          "previous_price"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "type": "string"
          },
          "reason": {
            "type": "string",
            "enum": [
              "new",
              "price_drop"
            ]
          },
          "title": {
            "type": [
              "string",
              "null"
            ]
          },
          "link": {
            "type": [
              "string",
              "null"
            ]
          },
          "displayed_price": {
            "type": [
              "object",
              "null"
            ],
            "required": [
              "amount",
              "currency"
            ],
            "properties": {
              "amount": {
                "type": "number"
              },
              "currency": {
                "type": "string"
              }
            }
          },
          "previous_price": {
            "type": [
              "object",
              "null"
            ],
            "required": [
              "amount",
              "currency"
            ],
            "properties": {
              "amount": {
                "type": "number"
              },
              "currency": {
                "type": "string"
              }
            },
            "description": "The displayed price the watch saw before (price drops)."
          }
        }
      },
      "WatchRun": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "scheduled_at",
          "status",
          "started_at",
          "finished_at",
          "request_id",
          "credits",
          "cached",
          "rows",
          "baseline",
          "superseded",
          "match_count",
          "matches",
          "event_id",
          "event_delivery",
          "error"
        ],
        "properties": {
          "scheduled_at": {
            "type": "string",
            "format": "date-time",
            "description": "The period of the run: at most one run per period."
          },
          "status": {
            "type": "string",
            "enum": [
              "running",
              "complete",
              "failed",
              "skipped"
            ],
            "description": "`skipped`: the allowance or the pending cap refused the search (nothing charged)."
          },
          "started_at": {
            "type": "string",
            "format": "date-time"
          },
          "finished_at": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time"
          },
          "request_id": {
            "type": [
              "string",
              "null"
            ],
            "description": "The run's search job: an ordinary job of the account (GET /v1/jobs/{request_id})."
          },
          "credits": {
            "type": "integer",
            "enum": [
              0,
              1
            ],
            "description": "1 when its search completed (cache hits included), else 0."
          },
          "cached": {
            "type": "boolean"
          },
          "rows": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 0
          },
          "baseline": {
            "type": "boolean",
            "description": "The first run: it recorded the rows and reported none (unless notify_on_first_run)."
          },
          "superseded": {
            "type": "boolean",
            "description": "A later run's rows were compared first; this run compared nothing."
          },
          "match_count": {
            "type": "integer",
            "minimum": 0
          },
          "matches": {
            "type": "array",
            "items": {
              "$ref": "#/$defs/WatchMatchSummary"
            }
          },
          "event_id": {
            "type": [
              "string",
              "null"
            ],
            "description": "The watch.matched event sent for this run."
          },
          "event_delivery": {
            "type": [
              "string",
              "null"
            ],
            "enum": [
              "queued",
              "no_endpoint",
              "endpoint_missing",
              "endpoint_disabled",
              "not_subscribed",
              null
            ]
          },
          "error": {
            "type": [
              "object",
              "null"
            ],
            "required": [
              "code",
              "message"
            ],
            "properties": {
              "code": {
                "type": "string"
              },
              "message": {
                "type": "string"
              }
            },
            "description": "Skipped: the API error code (quota_exceeded, too_many_pending, account_suspended); failed: the job error code, or the refusal (queue_full, upstream_daily_limit, collection_unavailable)."
          }
        }
      }
    }
  },
  "watchList": {
    "type": "object",
    "required": [
      "data"
    ],
    "additionalProperties": false,
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/$defs/Watch"
        }
      }
    },
    "$defs": {
      "Watch": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "id",
          "name",
          "mode",
          "status",
          "search",
          "schedule",
          "rules",
          "webhook_endpoint_id",
          "notify_on_first_run",
          "created_at",
          "updated_at",
          "next_run_at",
          "last_run"
        ],
        "properties": {
          "id": {
            "type": "string",
            "pattern": "^wat_[0-9A-Za-z]{22}$"
          },
          "name": {
            "type": [
              "string",
              "null"
            ]
          },
          "mode": {
            "type": "string",
            "enum": [
              "live",
              "sandbox"
            ]
          },
          "status": {
            "type": "string",
            "enum": [
              "active",
              "paused"
            ]
          },
          "search": {
            "type": "object",
            "additionalProperties": true,
            "description": "`endpoint`, `q` and every parameter of the route as validated (defaults applied)."
          },
          "schedule": {
            "type": "object",
            "required": [
              "every_seconds"
            ],
            "additionalProperties": false,
            "properties": {
              "every_seconds": {
                "type": "integer",
                "minimum": 1,
                "maximum": 86400,
                "description": "900 (every 15 minutes) to 86400 (every 24 hours); sandbox keys from WATCH_SANDBOX_MIN_SECONDS (900 unless the operator lowers it). Default 3600."
              }
            }
          },
          "rules": {
            "type": "object",
            "additionalProperties": false,
            "description": "Which rows a run reports: every rule set must pass (null or absent: no such rule).",
            "properties": {
              "min_price": {
                "type": [
                  "number",
                  "null"
                ],
                "minimum": 0,
                "maximum": 1000000,
                "description": "Dollars: `displayed_price.amount` at least this (a row without a displayed price fails)."
              },
              "max_price": {
                "type": [
                  "number",
                  "null"
                ],
                "minimum": 0,
                "maximum": 1000000,
                "description": "Dollars: `displayed_price.amount` at most this."
              },
              "conditions": {
                "type": [
                  "array",
                  "null"
                ],
                "minItems": 1,
                "maxItems": 20,
                "items": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 100
                },
                "description": "Values compared with the row's `condition`, without case."
              },
              "include_words": {
                "type": [
                  "array",
                  "null"
                ],
                "minItems": 1,
                "maxItems": 20,
                "items": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 100
                },
                "description": "Every one must appear in the title (whole words, without case)."
              },
              "exclude_words": {
                "type": [
                  "array",
                  "null"
                ],
                "minItems": 1,
                "maxItems": 20,
                "items": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 100
                },
                "description": "None may appear in the title."
              },
              "kinds": {
                "type": [
                  "array",
                  "null"
                ],
                "minItems": 1,
                "maxItems": 5,
                "uniqueItems": true,
                "items": {
                  "type": "string",
                  "enum": [
                    "item",
                    "accessory",
                    "lot",
                    "parts",
                    "other"
                  ]
                },
                "description": "The row's `comp_kind` must be one of these: `[\"item\"]` reports the product searched, not its cases, lots or units for parts (a row without a judgement fails)."
              }
            },
            "required": [
              "min_price",
              "max_price",
              "conditions",
              "include_words",
              "exclude_words",
              "kinds"
            ]
          },
          "webhook_endpoint_id": {
            "type": [
              "string",
              "null"
            ]
          },
          "notify_on_first_run": {
            "type": "boolean"
          },
          "created_at": {
            "type": "string",
            "format": "date-time"
          },
          "updated_at": {
            "type": "string",
            "format": "date-time"
          },
          "next_run_at": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time"
          },
          "last_run": {
            "anyOf": [
              {
                "$ref": "#/$defs/WatchRun"
              },
              {
                "type": "null"
              }
            ]
          }
        }
      },
      "WatchMatchSummary": {
        "type": "object",
        "required": [
          "id",
          "reason",
          "title",
          "link",
          "displayed_price",
          "previous_price"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "type": "string"
          },
          "reason": {
            "type": "string",
            "enum": [
              "new",
              "price_drop"
            ]
          },
          "title": {
            "type": [
              "string",
              "null"
            ]
          },
          "link": {
            "type": [
              "string",
              "null"
            ]
          },
          "displayed_price": {
            "type": [
              "object",
              "null"
            ],
            "required": [
              "amount",
              "currency"
            ],
            "properties": {
              "amount": {
                "type": "number"
              },
              "currency": {
                "type": "string"
              }
            }
          },
          "previous_price": {
            "type": [
              "object",
              "null"
            ],
            "required": [
              "amount",
              "currency"
            ],
            "properties": {
              "amount": {
                "type": "number"
              },
              "currency": {
                "type": "string"
              }
            },
            "description": "The displayed price the watch saw before (price drops)."
          }
        }
      },
      "WatchRun": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "scheduled_at",
          "status",
          "started_at",
          "finished_at",
          "request_id",
          "credits",
          "cached",
          "rows",
          "baseline",
          "superseded",
          "match_count",
          "matches",
          "event_id",
          "event_delivery",
          "error"
        ],
        "properties": {
          "scheduled_at": {
            "type": "string",
            "format": "date-time",
            "description": "The period of the run: at most one run per period."
          },
          "status": {
            "type": "string",
            "enum": [
              "running",
              "complete",
              "failed",
              "skipped"
            ],
            "description": "`skipped`: the allowance or the pending cap refused the search (nothing charged)."
          },
          "started_at": {
            "type": "string",
            "format": "date-time"
          },
          "finished_at": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time"
          },
          "request_id": {
            "type": [
              "string",
              "null"
            ],
            "description": "The run's search job: an ordinary job of the account (GET /v1/jobs/{request_id})."
          },
          "credits": {
            "type": "integer",
            "enum": [
              0,
              1
            ],
            "description": "1 when its search completed (cache hits included), else 0."
          },
          "cached": {
            "type": "boolean"
          },
          "rows": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 0
          },
          "baseline": {
            "type": "boolean",
            "description": "The first run: it recorded the rows and reported none (unless notify_on_first_run)."
          },
          "superseded": {
            "type": "boolean",
            "description": "A later run's rows were compared first; this run compared nothing."
          },
          "match_count": {
            "type": "integer",
            "minimum": 0
          },
          "matches": {
            "type": "array",
            "items": {
              "$ref": "#/$defs/WatchMatchSummary"
            }
          },
          "event_id": {
            "type": [
              "string",
              "null"
            ],
            "description": "The watch.matched event sent for this run."
          },
          "event_delivery": {
            "type": [
              "string",
              "null"
            ],
            "enum": [
              "queued",
              "no_endpoint",
              "endpoint_missing",
              "endpoint_disabled",
              "not_subscribed",
              null
            ]
          },
          "error": {
            "type": [
              "object",
              "null"
            ],
            "required": [
              "code",
              "message"
            ],
            "properties": {
              "code": {
                "type": "string"
              },
              "message": {
                "type": "string"
              }
            },
            "description": "Skipped: the API error code (quota_exceeded, too_many_pending, account_suspended); failed: the job error code, or the refusal (queue_full, upstream_daily_limit, collection_unavailable)."
          }
        }
      }
    }
  },
  "watchRunList": {
    "type": "object",
    "required": [
      "data"
    ],
    "additionalProperties": false,
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/$defs/WatchRun"
        },
        "description": "The last 50 runs, newest first."
      }
    },
    "$defs": {
      "WatchMatchSummary": {
        "type": "object",
        "required": [
          "id",
          "reason",
          "title",
          "link",
          "displayed_price",
          "previous_price"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "type": "string"
          },
          "reason": {
            "type": "string",
            "enum": [
              "new",
              "price_drop"
            ]
          },
          "title": {
            "type": [
              "string",
              "null"
            ]
          },
          "link": {
            "type": [
              "string",
              "null"
            ]
          },
          "displayed_price": {
            "type": [
              "object",
              "null"
            ],
            "required": [
              "amount",
              "currency"
            ],
            "properties": {
              "amount": {
                "type": "number"
              },
              "currency": {
                "type": "string"
              }
            }
          },
          "previous_price": {
            "type": [
              "object",
              "null"
            ],
            "required": [
              "amount",
              "currency"
            ],
            "properties": {
              "amount": {
                "type": "number"
              },
              "currency": {
                "type": "string"
              }
            },
            "description": "The displayed price the watch saw before (price drops)."
          }
        }
      },
      "WatchRun": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "scheduled_at",
          "status",
          "started_at",
          "finished_at",
          "request_id",
          "credits",
          "cached",
          "rows",
          "baseline",
          "superseded",
          "match_count",
          "matches",
          "event_id",
          "event_delivery",
          "error"
        ],
        "properties": {
          "scheduled_at": {
            "type": "string",
            "format": "date-time",
            "description": "The period of the run: at most one run per period."
          },
          "status": {
            "type": "string",
            "enum": [
              "running",
              "complete",
              "failed",
              "skipped"
            ],
            "description": "`skipped`: the allowance or the pending cap refused the search (nothing charged)."
          },
          "started_at": {
            "type": "string",
            "format": "date-time"
          },
          "finished_at": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time"
          },
          "request_id": {
            "type": [
              "string",
              "null"
            ],
            "description": "The run's search job: an ordinary job of the account (GET /v1/jobs/{request_id})."
          },
          "credits": {
            "type": "integer",
            "enum": [
              0,
              1
            ],
            "description": "1 when its search completed (cache hits included), else 0."
          },
          "cached": {
            "type": "boolean"
          },
          "rows": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 0
          },
          "baseline": {
            "type": "boolean",
            "description": "The first run: it recorded the rows and reported none (unless notify_on_first_run)."
          },
          "superseded": {
            "type": "boolean",
            "description": "A later run's rows were compared first; this run compared nothing."
          },
          "match_count": {
            "type": "integer",
            "minimum": 0
          },
          "matches": {
            "type": "array",
            "items": {
              "$ref": "#/$defs/WatchMatchSummary"
            }
          },
          "event_id": {
            "type": [
              "string",
              "null"
            ],
            "description": "The watch.matched event sent for this run."
          },
          "event_delivery": {
            "type": [
              "string",
              "null"
            ],
            "enum": [
              "queued",
              "no_endpoint",
              "endpoint_missing",
              "endpoint_disabled",
              "not_subscribed",
              null
            ]
          },
          "error": {
            "type": [
              "object",
              "null"
            ],
            "required": [
              "code",
              "message"
            ],
            "properties": {
              "code": {
                "type": "string"
              },
              "message": {
                "type": "string"
              }
            },
            "description": "Skipped: the API error code (quota_exceeded, too_many_pending, account_suspended); failed: the job error code, or the refusal (queue_full, upstream_daily_limit, collection_unavailable)."
          }
        }
      }
    }
  }
};
